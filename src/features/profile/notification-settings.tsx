import { Paper, Stack, Switch } from '@mantine/core';
import { NOTIFICATION_FLAGS, type NotificationSettings } from '../../contract/profile.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { NOTIFICATION_OP, useUpdateNotification } from './profile-mutations.ts';

/** Switches changed on this phone that the server has not confirmed yet: shown as changed, marked waiting. */
function useWaitingFlags() {
  const waiting = new Map<string, boolean>();
  for (const op of usePendingOps({ kind: NOTIFICATION_OP })) {
    if (op.status === 'failed' || op.status === 'conflict') continue;
    for (const [flag, enabled] of Object.entries(op.request.json as Record<string, boolean>)) waiting.set(flag, enabled);
  }
  return waiting;
}

const QUEUED_MESSAGE = 'Saved on this phone. It will sync when you are back online.';

/** One switch per kind of message; each tap saves that one flag (through the outbox, so offline too). */
export function NotificationSettingsList({ notifications }: { notifications: Partial<NotificationSettings> }) {
  const update = useUpdateNotification();
  const waiting = useWaitingFlags();
  return (
    <Paper withBorder radius="lg">
      <Stack gap={0}>
        {NOTIFICATION_FLAGS.map((flag, index) => (
          <Switch
            key={flag.id}
            size="lg"
            labelPosition="left"
            label={flag.label}
            description={waiting.has(flag.id) ? `${flag.description} Waiting to sync.` : flag.description}
            checked={waiting.get(flag.id) ?? notifications[flag.id] ?? flag.default}
            onChange={(event) =>
              update.mutate(
                { flag: flag.id, enabled: event.currentTarget.checked },
                {
                  onSuccess: (result) =>
                    result.queued ? notifyInfo(QUEUED_MESSAGE) : notifySuccess('Notification updated successfully'),
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
