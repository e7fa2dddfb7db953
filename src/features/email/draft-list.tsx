import { Alert, Badge, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EMAIL_DRAFT_MESSAGES, type EmailDraft, type EmailDraftFilter } from '../../contract/email-drafts.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { emailQueries } from './email-queries.ts';
import { showMergeTags } from './shown-merge-tags.ts';

const FILTERS: Array<{ value: EmailDraftFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'drafts', label: 'Drafts' },
  { value: 'completed', label: 'Completed' },
];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Spec §2 generated-emails: cards of drafts, newest change first, filtered All / Drafts / Completed. Readable
 * offline from the device's copy; an error with nothing kept says the spec's words.
 */
export function DraftList({ filter, onFilter }: { filter: EmailDraftFilter; onFilter: (filter: EmailDraftFilter) => void }) {
  const query = useQuery(emailQueries.drafts(filter));
  const drafts = query.data ?? [];
  return (
    <Stack gap="md">
      <SegmentedControl fullWidth size="md" value={filter} onChange={(value) => onFilter(value as EmailDraftFilter)} data={FILTERS} aria-label="Show" />
      {query.isError && !query.data && <Alert color="red">{EMAIL_DRAFT_MESSAGES.listError}</Alert>}
      {query.isSuccess && drafts.length === 0 && (
        <Stack align="center" gap={4} py="xl">
          <IconMailOpened size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed">{EMAIL_DRAFT_MESSAGES.empty}</Text>
        </Stack>
      )}
      {drafts.map((draft) => (
        <DraftCard key={draft.id} draft={draft} />
      ))}
    </Stack>
  );
}

function DraftCard({ draft }: { draft: EmailDraft }) {
  const waiting = usePendingOps({ entity: `email-draft:${draft.id}` }).length > 0;
  const completed = draft.email_completed.length > 0;
  return (
    <Card renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/drafts-view/$id" params={{ id: draft.id }} />} withBorder radius="lg" padding="md" data-testid="draft-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2}>
            {draft.user_title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {showMergeTags(draft.subject)}
          </Text>
          <Text size="xs" c="dimmed">
            Updated {when(draft.updated_at)}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge variant="light" color={completed ? 'teal' : 'gray'}>
            {completed ? 'Completed' : 'Draft'}
          </Badge>
          {waiting && (
            <Badge variant="light" color="blue">
              Waiting to sync
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
