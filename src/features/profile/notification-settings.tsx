import { Paper, Stack, Switch } from '@mantine/core';
import { NOTIFICATION_FLAGS, type NotificationSettings } from '../../contract/users.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useUpdateNotification } from './profile-mutations.ts';

/** One switch per kind of message; each tap saves that one flag. */
export function NotificationSettingsList({ notifications }: { notifications: Partial<NotificationSettings> }) {
  const update = useUpdateNotification();
  return (
    <Paper withBorder radius="lg">
      <Stack gap={0}>
        {NOTIFICATION_FLAGS.map((flag, index) => (
          <Switch
            key={flag.id}
            size="lg"
            labelPosition="left"
            label={flag.label}
            description={flag.description}
            checked={notifications[flag.id] ?? flag.default}
            onChange={(event) =>
              update.mutate(
                { flag: flag.id, enabled: event.currentTarget.checked },
                {
                  onSuccess: () => notifySuccess('Notification updated successfully'),
                  onError: (error) => notifyError(error, 'Failed to update notification'),
                },
              )
            }
            p="md"
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
            styles={{
              body: { justifyContent: 'space-between', gap: 'var(--mantine-spacing-md)' },
              labelWrapper: { flex: 1 },
              label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)', paddingInline: 0 },
              description: { paddingInline: 0 },
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
