import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { emailStatusLabel, type ScheduledEmail, type ScheduledFilter } from '../../contract/email-campaigns.ts';
import { SENDING_MESSAGES } from '../../contract/sending.ts';
import { ListFilters } from '../../ui/list-filters.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { emailApi } from './email-api.ts';
import { emailKeys, emailQueries } from './email-queries.ts';

const FILTERS: Array<{ value: ScheduledFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'failed', label: 'Failed' },
];
const COLORS: Record<string, string> = { schedule: 'blue', sending: 'teal', paused: 'yellow', sent: 'gray', canceled: 'gray', failed: 'red' };
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Spec §2 scheduled: filters, search, and cancel (with a confirmation) for what is still scheduled. */
export function ScheduledList({ filter, onFilter }: { filter: ScheduledFilter; onFilter: (filter: ScheduledFilter) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(emailQueries.scheduled(filter, debounced));
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<ScheduledEmail | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) => emailApi.cancelScheduled(id),
    onSuccess: async () => {
      notifySuccess(SENDING_MESSAGES.cancelled);
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: emailKeys.campaigns() });
    },
    onError: (error) => notifyError(error, SENDING_MESSAGES.cancelFailed),
  });
  const rows = query.data ?? [];
  return (
    <Stack gap="md">
      <ListFilters value={filter} options={FILTERS} onChange={onFilter} search={search} onSearch={setSearch} />
      {query.isError && !query.data && <Alert color="red">{SENDING_MESSAGES.listFailed}</Alert>}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {SENDING_MESSAGES.empty}
        </Text>
      )}
      {rows.map((row) => (
        <Card key={row.schedule_id} withBorder radius="lg" padding="md" data-testid="scheduled-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
                {row.email_title}
              </Text>
              <Badge variant="light" color={COLORS[row.status] ?? 'gray'} style={{ flexShrink: 0 }}>
                {emailStatusLabel(row.status)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {when(row.scheduled_time)}
              {row.segment_title ? ` · ${row.segment_title}` : ''}
              {row.recipients !== null ? ` · ${row.recipients.toLocaleString('en-US')} recipients` : ''}
            </Text>
            <Group gap="xs">
              {row.status === 'schedule' ? (
                <Button variant="light" color="red" size="md" onClick={() => setCancelling(row)}>
                  Cancel
                </Button>
              ) : (
                <Button variant="subtle" size="md" renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/campaign/$id" params={{ id: row.schedule_id }} />}>
                  See the report
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel this campaign?"
        message={`“${cancelling?.email_title ?? ''}” will not be sent. This cannot be undone.`}
        confirmLabel="Cancel campaign"
        loading={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.schedule_id)}
      />
    </Stack>
  );
}
