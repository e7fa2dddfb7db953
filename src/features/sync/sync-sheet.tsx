import { Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useOnline } from '../../lib/offline/online.ts';
import { discardOutboxOp, retryOutboxOp } from '../../lib/outbox/client.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import { fieldLabel } from '../../ui/field-label.ts';
import { statusView } from './op-status.ts';

const timeOf = (epoch: number) => new Date(epoch).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Every write still waiting for the server, with what happened to it and what the owner can do. */
export function SyncSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { ops } = useOutbox();
  const online = useOnline();
  const now = useNow(opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      title="Waiting to sync"
      radius="lg"
      padding="md"
      styles={{ content: { height: 'auto', maxHeight: '85dvh', flex: '0 0 auto' }, title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="sm" pb="calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))" data-testid="sync-sheet">
        {ops.length === 0 ? (
          <Group gap="xs" py="md" c="teal.8">
            <IconCircleCheck size={22} aria-hidden />
            <Text>Everything is saved on the server.</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {online ? 'Changes are sent in the order you made them.' : 'You are offline. These will be sent when the connection returns.'}
          </Text>
        )}
        {ops.map((op) => (
          <OpRow key={op.id} op={op} online={online} now={now} />
        ))}
      </Stack>
    </Drawer>
  );
}

function OpRow({ op, online, now }: { op: OutboxOp; online: boolean; now: number }) {
  const view = statusView(op, online, now);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sync-op" data-status={op.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {op.label}
          </Text>
          <Text size="xs" c="dimmed">
            Made at {timeOf(op.createdAt)}
            {op.attempts > 0 ? ` · ${op.attempts} ${op.attempts === 1 ? 'try' : 'tries'}` : ''}
          </Text>
        </Stack>
        <Badge color={view.color} variant="light" style={{ flexShrink: 0 }}>
          {view.label}
        </Badge>
      </Group>
      {view.detail && (
        <Text size="sm" mt={6} c={op.status === 'failed' ? 'red.8' : undefined} data-testid="sync-op-detail">
          {view.detail}
        </Text>
      )}
      {op.status === 'failed' && op.lastFields && Object.keys(op.lastFields).length > 0 && (
        <Stack component="ul" gap={2} mt={4} pl="md" data-testid="sync-op-fields">
          {Object.entries(op.lastFields).map(([field, message]) => (
            <Text component="li" size="sm" c="red.8" key={field} data-field={field}>
              {fieldLabel(field)}: {message}
            </Text>
          ))}
        </Stack>
      )}
      {op.status !== 'sending' &&
        (confirming ? (
          <Group mt="sm" gap="xs" grow>
            <Button color="red" onClick={act(() => discardOutboxOp(op.id))} loading={busy}>
              Discard this change
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Group>
        ) : (
          <Group mt="sm" gap="xs" grow>
            <Button variant="light" onClick={act(() => retryOutboxOp(op.id))} loading={busy} disabled={!online}>
              {op.status === 'pending' ? 'Try now' : 'Retry'}
            </Button>
            <Button variant="default" onClick={() => setConfirming(true)}>
              Discard
            </Button>
          </Group>
        ))}
    </Paper>
  );
}
