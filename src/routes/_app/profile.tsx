import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { profileQueries } from '../../features/profile/profile-queries.ts';
import { ProfileForm } from '../../features/profile/profile-form.tsx';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.me()),
  component: ProfilePage,
});

function ProfilePage() {
  const { data } = useSuspenseQuery(profileQueries.me());
  return (
    <PageColumn>
      <PageHeader title="Profile">How you appear in Mise and how we reach you.</PageHeader>
      {/* A newer copy from the server (refetched on open) starts the form again from it. */}
      <ProfileForm key={[data.user.name, data.user.email, data.user.phoneNumber, data.user.image].join('|')} user={data.user} />
    </PageColumn>
  );
}
