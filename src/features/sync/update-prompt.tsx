import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { applyUpdate, useUpdateState } from '../../lib/offline/sw-registration.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import classes from './dock.module.css';

/**
 * A new build is installed and waiting. Reload switches to it, but never in the middle of sending:
 * applyUpdate takes the outbox lock first, so a running drain finishes and no new one starts.
 * Docked above the bottom bar (dock.module.css): it appears while a screen is in use and must not push it down.
 */
export function UpdatePrompt() {
  const { needRefresh, applying } = useUpdateState();
  const { counts } = useOutbox();
  if (!needRefresh) return null;
  const sending = counts.sending > 0;
  return (
    <Paper withBorder radius="md" p="sm" role="status" data-testid="update-prompt" bg="paprika.0" className={classes.dock} data-snapshot="omit">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          A new version of Mise is ready
        </Text>
        <Button size="sm" h={44} leftSection={<IconRefresh size={18} />} onClick={() => void applyUpdate()} loading={applying} style={{ flexShrink: 0 }}>
          {sending && !applying ? 'Reload after sync' : 'Reload'}
        </Button>
      </Group>
    </Paper>
  );
}
