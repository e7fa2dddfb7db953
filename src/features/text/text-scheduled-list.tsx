import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { TEXT_LIMITS, TEXT_MESSAGES, type ScheduledText, type ScheduledTextStatus } from '../../contract/text.ts';
import { ListFilters } from '../../ui/list-filters.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { textApi } from './text-api.ts';
import { clip, when } from './text-format.ts';
import { textKeys, textQueries } from './text-queries.ts';
import { TEXT_SCHEDULE_FILTERS, type TextScheduleFilter } from './text-schedule-filters.ts';

/** Spec §2: the filters All, Scheduled, Completed, Cancelled. */
export { type TextScheduleFilter } from './text-schedule-filters.ts';
const FILTER_LABEL: Record<TextScheduleFilter, string> = { all: 'All', SCHEDULED: 'Scheduled', COMPLETED: 'Completed', CANCELLED: 'Cancelled' };
const STATUS: Record<ScheduledTextStatus, { label: string; color: string }> = {
  SCHEDULED: { label: 'Scheduled', color: 'blue' },
  PENDING: { label: 'Pending', color: 'teal' },
  COMPLETED: { label: 'Completed', color: 'gray' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
};
const CANCELLABLE: ScheduledTextStatus[] = ['SCHEDULED', 'PENDING'];

/** Spec §2/§4 scheduled texts: filters, 'Search by name' (restaurant name or scheduled id), and cancel after confirming. */
export function TextScheduledList({ filter, onFilter }: { filter: TextScheduleFilter; onFilter: (filter: TextScheduleFilter) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(textQueries.scheduled(filter === 'all' ? null : filter, debounced));
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<ScheduledText | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) => textApi.cancelScheduled(id),
    onSuccess: async (result) => {
      notifySuccess(result.message || TEXT_MESSAGES.cancelled);
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: textKeys.campaigns() });
    },
    onError: (error) => notifyError(error, TEXT_MESSAGES.cancelFailed),
  });
  const rows = query.data ?? [];
  return (
    <Stack gap="md">
      <ListFilters value={filter} options={TEXT_SCHEDULE_FILTERS.map((item) => ({ value: item, label: FILTER_LABEL[item] }))} onChange={onFilter} search={search} onSearch={setSearch} />
      {query.isError && !query.data && <Alert color="red">{TEXT_MESSAGES.scheduledListFailed}</Alert>}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {TEXT_MESSAGES.empty}
        </Text>
      )}
      {rows.map((row) => (
        <Card key={row.scheduled_id} withBorder radius="lg" padding="md" data-testid="scheduled-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} lineClamp={1}>
                  {row.title}
                </Text>
                <Text size="sm">{clip(row.final_sms_draft, TEXT_LIMITS.cardShown)}</Text>
              </Stack>
              <Badge variant="light" color={STATUS[row.status].color} style={{ flexShrink: 0 }}>
                {STATUS[row.status].label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {row.restaurant_name} · {when(row.scheduled_time)}
            </Text>
            <Group gap="xs">
              {CANCELLABLE.includes(row.status) && (
                <Button variant="light" color="red" size="md" onClick={() => setCancelling(row)}>
                  Cancel
                </Button>
              )}
              {row.status !== 'CANCELLED' && (
                <Button variant="subtle" size="md" renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/text/$campaignId" params={{ campaignId: row.campaign_id }} />}>
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
        message={`“${cancelling?.title ?? ''}” will not be sent. This cannot be undone.`}
        confirmLabel="Cancel campaign"
        loading={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.scheduled_id)}
      />
    </Stack>
  );
}
