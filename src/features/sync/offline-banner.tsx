import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { IconDatabaseExclamation, IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../../lib/offline/online.ts';
import { clearStorageProblem, useStorageProblem } from '../../lib/offline/storage-problems.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';

/** Offline: say so, and that work goes on. Storage trouble (quota, private mode): say so, never crash. */
export function OfflineBanner() {
  const online = useOnline();
  const { counts } = useOutbox();
  const problem = useStorageProblem();
  return (
    <>
      {!online && (
        <Alert color="orange" radius="md" mb="md" icon={<IconWifiOff size={20} />} role="status" data-testid="offline-banner" data-snapshot="omit" title="You are offline">
          <Text size="sm">
            You can keep reading and making changes.{' '}
            {counts.total > 0
              ? `${counts.total} ${counts.total === 1 ? 'change is' : 'changes are'} saved on this phone and will sync when you are back online.`
              : 'Changes are saved on this phone and sync when you are back online.'}
          </Text>
        </Alert>
      )}
      {problem && (
        <Alert color="red" radius="md" mb="md" icon={<IconDatabaseExclamation size={20} />} role="alert" data-testid="storage-problem" data-snapshot="omit">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{problem.message}</Text>
            <CloseButton aria-label="Dismiss" onClick={clearStorageProblem} size="lg" />
          </Group>
        </Alert>
      )}
    </>
  );
}
