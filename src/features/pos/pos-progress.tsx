import { Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IMPORT_COMPLETE } from '../../contract/pos.ts';
import { posKeys, posQueries, PROGRESS_POLL_MS } from './pos-queries.ts';

/** 'Data Imported:' with a bar, polling the account's progress until the import reaches 100. */
export function PosProgress({ accountId, initial }: { accountId: string; initial: number }) {
  const queryClient = useQueryClient();
  const progress = useQuery({ ...posQueries.progress(accountId), refetchInterval: (query) => ((query.state.data?.progress ?? 0) >= IMPORT_COMPLETE ? false : PROGRESS_POLL_MS) });
  const value = progress.data?.progress ?? initial;
  const done = value >= IMPORT_COMPLETE || progress.data?.state === 'error';

  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: posKeys.connection() });
  }, [done, queryClient]);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Data Imported: {value}%
      </Text>
      <Progress value={value} size="lg" radius="xl" animated={!done} aria-label="Data Imported" />
      {progress.data?.message && (
        <Text size="xs" c={progress.data.state === 'error' ? 'red' : 'dimmed'}>
          {progress.data.message}
        </Text>
      )}
    </Stack>
  );
}
