import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { profileQueries } from '../../../features/profile/profile-queries.ts';
import { NotificationSettingsList } from '../../../features/profile/notification-settings.tsx';
import { PushSwitch } from '../../../features/profile/push-switch.tsx';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/settings/notifications')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueries.me()),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { data } = useSuspenseQuery(profileQueries.me());
  return (
    <PageColumn>
      <PageHeader title="Notifications">Choose what Mise tells you about. Changes save as you tap.</PageHeader>
      <PushSwitch />
      <NotificationSettingsList notifications={data.notifications} />
    </PageColumn>
  );
}
