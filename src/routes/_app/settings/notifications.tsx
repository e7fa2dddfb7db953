import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../../features/profile/me-query.ts';
import { NotificationSettingsList } from '../../../features/profile/notification-settings.tsx';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/settings/notifications')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { data } = useSuspenseQuery(meQueryOptions());
  return (
    <PageColumn>
      <PageHeader title="Notifications">Choose what Mise tells you about. Changes save as you tap.</PageHeader>
      <NotificationSettingsList notifications={data.notifications} />
    </PageColumn>
  );
}
