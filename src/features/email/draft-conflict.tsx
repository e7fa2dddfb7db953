import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EmailDraft } from '../../contract/email-drafts.ts';
import { emailApi } from './email-api.ts';
import { EmailFrame } from './email-frame.tsx';
import { DRAFT_TITLE_OP, type DraftEdit } from './email-mutations.ts';

type DraftConflictProps = {
  /** The draft as the server has it now. */
  current: EmailDraft;
  /** The change that could not be applied. */
  mine: DraftEdit;
  busy?: boolean;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
};

/**
 * A change made on this phone met a newer change made elsewhere: both are shown, and the owner chooses.
 * Nothing is overwritten until they do.
 */
export function DraftConflict({ current, mine, busy, onKeepMine, onKeepTheirs }: DraftConflictProps) {
  const title = mine.kind === DRAFT_TITLE_OP;
  const mineHtml = useQuery({
    queryKey: ['email-conflict-preview', current.id, mine],
    enabled: !title,
    queryFn: async ({ signal }) => {
      if (mine.kind === DRAFT_TITLE_OP) return null;
      if (mine.new_draft) return mine.new_draft;
      const preview = await emailApi.preview({ subject: mine.subject ?? current.subject, preheader: mine.preheader ?? current.preheader, blocks: mine.blocks ?? current.blocks }, signal);
      return preview.html;
    },
  });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="draft-conflict" style={{ borderColor: 'var(--mantine-color-orange-5)' }}>
      <Stack gap="md">
        <Alert color="orange" title="Changed somewhere else">
          This email was changed on another device while your change was waiting. Choose which one to keep.
        </Alert>
        <Stack gap="xs">
          <Title order={3} fz="md">
            On the server now
          </Title>
          {title ? <Text data-testid="conflict-theirs">{current.user_title}</Text> : <EmailFrame html={current.email_draft} title="The email on the server" />}
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Your change
          </Title>
          {title ? (
            <Text data-testid="conflict-mine">{mine.campaign_title}</Text>
          ) : mineHtml.data ? (
            <EmailFrame html={mineHtml.data} title="Your version of the email" />
          ) : (
            <Text c="dimmed">{mineHtml.isError ? 'Your version could not be shown, but it is kept.' : 'Preparing your version…'}</Text>
          )}
        </Stack>
        <Group grow>
          <Button size="lg" onClick={onKeepMine} loading={busy}>
            Keep mine
          </Button>
          <Button size="lg" variant="default" onClick={onKeepTheirs} disabled={busy}>
            Keep theirs
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
