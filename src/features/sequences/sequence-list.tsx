import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ListFilters } from '../../ui/list-filters.tsx';
import { SEQUENCE_MESSAGES, type SequenceStatus } from '../../contract/sequences.ts';
import { STATUS_COLORS, STATUS_LABELS } from './sequence-editor.tsx';
import { sequenceQueries } from './sequences-queries.ts';

export type SequenceFilter = SequenceStatus | 'ALL';
const FILTERS: Array<{ value: SequenceFilter; label: string }> = [
  { value: 'ALL', label: 'All' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** Spec §2: the sequences with status filters and a name search; each opens its editor. */
export function SequenceList({ filter, onFilter }: { filter: SequenceFilter; onFilter: (filter: SequenceFilter) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(sequenceQueries.list(filter, debounced));
  const rows = query.data ?? [];
  return (
    <Stack gap="md">
      <ListFilters value={filter} options={FILTERS} onChange={onFilter} search={search} onSearch={setSearch} />
      {query.isError && !query.data && <Alert color="red">The sequences could not be loaded. Try again in a moment.</Alert>}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {SEQUENCE_MESSAGES.empty}
        </Text>
      )}
      {rows.map((row) => (
        <Card key={row.id} renderRoot={(props) => <Link {...props} to="/campaigns/sequences/$id" params={{ id: row.id }} />} withBorder radius="lg" padding="md" data-testid="sequence-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
                {row.title}
              </Text>
              <Badge variant="light" color={STATUS_COLORS[row.status]} style={{ flexShrink: 0 }}>
                {STATUS_LABELS[row.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {row.description}
            </Text>
            <Group gap="xs" c="dimmed">
              {row.channels.includes('EMAIL') && <IconMail size={16} aria-label="Email" />}
              {row.channels.includes('SMS') && <IconMessage size={16} aria-label="Text" />}
              <Text size="sm" c="dimmed">
                {row.steps} step{row.steps === 1 ? '' : 's'}
                {row.segment_title ? ` · ${row.segment_title}` : ''}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
