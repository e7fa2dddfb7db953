import { Badge, Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PosProviderStatus } from '../../contract/pos.ts';
import { PosProgress } from './pos-progress.tsx';

/** Spec §4: the three labels, verbatim. An import that stopped still reads 'Connecting...' (under 100). */
const LABELS = { not_connected: 'Not connected', connecting: 'Connecting...', error: 'Connecting...', connected: 'Connected' } as const;
const COLORS = { not_connected: 'gray', connecting: 'blue', error: 'orange', connected: 'teal' } as const;

type Props = {
  status: PosProviderStatus;
  expanded: boolean;
  onToggle: () => void;
  /** any request of this screen is running */
  busy: boolean;
  otherConnected: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  onSync: () => void;
};

export function PosCard({ status, expanded, onToggle, busy, otherConnected, onConnect, onDisconnect, onSync }: Props) {
  const linked = status.state !== 'not_connected';
  const importing = linked && status.progress < 100;
  // Spec §4: disabled while any request runs, while the other provider is connected, and while the import is under 100.
  const connectDisabled = busy || otherConnected || importing || !status.configured;
  const bodyId = `pos-card-${status.provider}`;

  return (
    <Paper withBorder radius="md" data-testid={`pos-card-${status.provider}`}>
      <UnstyledButton onClick={onToggle} aria-expanded={expanded} aria-controls={bodyId} w="100%" p="md" mih={56}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg">
            {status.pos_system}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Badge color={COLORS[status.state]} variant="light" size="lg" tt="none" data-testid={`pos-status-${status.provider}`}>
              {LABELS[status.state]}
            </Badge>
            <IconChevronDown size={20} style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
          </Group>
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id={bodyId}>
        <Stack gap="sm" px="md" pb="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">
              Account
            </Text>
            <Text size="sm" fw={500} truncate data-testid={`pos-account-${status.provider}`}>
              {status.merchant_id ?? 'No account linked'}
            </Text>
          </Group>
          {!status.configured && !linked && (
            <>
              <Text size="sm" c="dimmed">
                {status.setup_hint}
              </Text>
              <Button component={Link} to="/customers/import" variant="light" size="md" fullWidth>
                Import a CSV
              </Button>
            </>
          )}
          {linked && status.id && status.state !== 'connected' && <PosProgress accountId={status.id} initial={status.progress} />}
          {status.state === 'connected' && status.last_synced_at && (
            <Text size="xs" c="dimmed">
              Last imported {new Date(status.last_synced_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
          )}
          <Group grow>
            {linked ? (
              <Button variant="light" color="red" size="md" onClick={onDisconnect} disabled={busy}>
                Disconnect
              </Button>
            ) : (
              <Button size="md" onClick={onConnect} disabled={connectDisabled}>
                Connect
              </Button>
            )}
            {(status.state === 'connected' || status.state === 'error') && (
              <Button variant="default" size="md" onClick={onSync} disabled={busy}>
                {status.state === 'error' ? 'Try again' : 'Import new data'}
              </Button>
            )}
          </Group>
        </Stack>
      </Collapse>
    </Paper>
  );
}
