import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Recipient, RecipientStatus } from '../../contract/sending.ts';
import { ChipRow } from '../../ui/chip-row.tsx';
import { sendingQueries } from './sending-queries.ts';

/** Each status in the owner's words (the Subscribers tab). */
const RECIPIENT_LABELS: Record<RecipientStatus, { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'gray' },
  held: { label: 'Held for quiet hours', color: 'gray' },
  claimed: { label: 'Sending', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  delivered: { label: 'Delivered', color: 'teal' },
  bounced: { label: 'Bounced', color: 'red' },
  failed: { label: 'Failed', color: 'red' },
  suppressed: { label: 'Not sent: no consent', color: 'orange' },
  skipped: { label: 'Skipped', color: 'orange' },
  uncertain: { label: 'Uncertain', color: 'yellow' },
  canceled: { label: 'Cancelled', color: 'gray' },
  holdout: { label: 'Kept back', color: 'grape' },
};

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'sent', label: 'Sent' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'opened', label: 'Opened' },
  { value: 'clicked', label: 'Clicked' },
  { value: 'bounced', label: 'Bounced' },
  { value: 'failed', label: 'Failed' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'suppressed', label: 'Not sent' },
  { value: 'uncertain', label: 'Uncertain' },
] as const;

/** Every recipient of a send with their status and what they did (spec: the Subscribers tab). */
export function RecipientsList({ sendId, channel }: { sendId: string; channel: 'email' | 'sms' }) {
  const [filter, setFilter] = useState<string>('all');
  const query = useInfiniteQuery(sendingQueries.recipients(sendId, filter === 'all' ? null : filter));
  const rows = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const filters = FILTERS.filter((item) => channel === 'email' || !['opened', 'clicked'].includes(item.value));
  return (
    <Stack gap="sm">
      <ChipRow value={filter} options={filters} onChange={setFilter} />
      <Text size="sm" c="dimmed" data-testid="recipient-count">
        {total.toLocaleString('en-US')} {total === 1 ? 'recipient' : 'recipients'}
      </Text>
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          No result found
        </Text>
      )}
      {rows.map((row) => (
        <RecipientRow key={row.customer_id} row={row} />
      ))}
      {query.hasNextPage && (
        <Button variant="light" size="md" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function RecipientRow({ row }: { row: Recipient }) {
  const status = RECIPIENT_LABELS[row.status];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="recipient">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {row.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {row.to}
          </Text>
          {row.error && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {row.error}
            </Text>
          )}
          {row.not_before && row.status === 'queued' && (
            <Text size="xs" c="dimmed">
              Goes at {new Date(row.not_before).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' })}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
          <Group gap={4}>
            {row.opened && <Badge variant="outline" size="sm">Opened</Badge>}
            {row.clicked && <Badge variant="outline" size="sm">Clicked</Badge>}
            {row.unsubscribed && <Badge variant="outline" size="sm" color="red">Unsubscribed</Badge>}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
