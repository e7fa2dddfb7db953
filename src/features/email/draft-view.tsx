import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEdit, IconPhoto, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EMAIL_DRAFT_MESSAGES, UpdateEmailDraftTitleRequestSchema, type EmailDraft } from '../../contract/email-drafts.ts';
import { ApiError } from '../../lib/api-error.ts';
import { discardOutboxOp } from '../../lib/outbox/client.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { DraftConflict } from './draft-conflict.tsx';
import { EmailFrame, type EmailFrameHandle } from './email-frame.tsx';
import { DRAFT_CONTENT_OP, DRAFT_TITLE_OP, draftEntity, useCompleteDraft, useEditDraft, useRefreshDraftImages, useRegenerateDraft, type DraftEdit } from './email-mutations.ts';
import { emailKeys, emailQueries } from './email-queries.ts';
import { StickyActions } from './sticky-actions.tsx';
import { showMergeTags } from './shown-merge-tags.ts';

const QUEUED = 'Saved on this phone. It will sync when you are back online.';

const editOf = (op: OutboxOp): DraftEdit => {
  const { version: _version, ...fields } = (op.request.json ?? {}) as Record<string, unknown>;
  return { kind: op.kind, ...fields } as DraftEdit;
};

type DraftViewProps = {
  draftId: string;
  /** What comes after completing: scheduling and launching (the sending feature, handed in by the route). */
  sendPanel?: (draft: EmailDraft) => ReactNode;
};

/**
 * One draft (spec §2 drafts-view): a draft offers Refresh Images, Regenerate Email and Complete; a completed
 * draft offers its title, the preview edited in place, and what the route adds (scheduling and launching).
 * Edits wait on the phone when offline ("Waiting to sync"); a change made elsewhere meanwhile is shown beside
 * the owner's, to choose from.
 */
export function DraftView({ draftId, sendPanel }: DraftViewProps) {
  const { data: draft } = useSuspenseQuery(emailQueries.draft(draftId));
  const queryClient = useQueryClient();
  const ops = usePendingOps({ entity: draftEntity(draftId) });
  const waiting = ops.filter((op) => op.status === 'pending' || op.status === 'sending' || op.status === 'auth');
  const conflictOp = ops.find((op) => op.status === 'conflict');
  const [localConflict, setLocalConflict] = useState<DraftEdit | null>(null);
  const edit = useEditDraft(draft);
  const completed = draft.email_completed.length > 0;
  // A title waiting to sync is shown in place, not the one the server still has.
  const pendingTitleOp = [...waiting].reverse().find((op) => op.kind === DRAFT_TITLE_OP);
  const pendingTitle = pendingTitleOp ? editOf(pendingTitleOp) : null;
  const shownTitle = pendingTitle?.kind === DRAFT_TITLE_OP ? pendingTitle.campaign_title : draft.user_title;

  const save = (change: DraftEdit, version?: number, onDone?: () => void) =>
    edit.mutate(
      { edit: change, version },
      {
        onSuccess: (result) => {
          if (result.queued) notifyInfo(QUEUED);
          else notifySuccess(result.body.message);
          onDone?.();
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.status === 409) {
            // Changed elsewhere while this screen was open: show both.
            await queryClient.invalidateQueries({ queryKey: emailKeys.draft(draftId) });
            setLocalConflict(change);
            return;
          }
          notifyError(error, 'Something went wrong');
        },
      },
    );

  const conflict = conflictOp ? editOf(conflictOp) : localConflict;
  // A queued edit that met a newer change: show the draft as the server has it now, beside the owner's.
  const conflictId = conflictOp?.id;
  useEffect(() => {
    if (conflictId) void queryClient.invalidateQueries({ queryKey: emailKeys.draft(draftId) });
  }, [conflictId, draftId, queryClient]);
  const resolve = async (keep: 'mine' | 'theirs') => {
    const fresh = await queryClient.fetchQuery({ ...emailQueries.draft(draftId), staleTime: 0 });
    if (conflictOp) await discardOutboxOp(conflictOp.id);
    const mine = conflict;
    setLocalConflict(null);
    if (keep === 'mine' && mine) save(mine, fresh.version);
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light" color={completed ? 'teal' : 'gray'}>
            {completed ? 'Completed' : 'Draft'}
          </Badge>
          {waiting.length > 0 && (
            <Badge variant="light" color="blue" data-testid="draft-waiting">
              Waiting to sync
            </Badge>
          )}
        </Group>
        <Title order={1} fz={24} lh={1.25} data-testid="draft-title">
          {shownTitle}
        </Title>
        <Text size="sm" c="dimmed">
          Subject: {showMergeTags(draft.subject)}
        </Text>
      </Stack>

      {conflict && <DraftConflict current={draft} mine={conflict} busy={edit.isPending} onKeepMine={() => void resolve('mine')} onKeepTheirs={() => void resolve('theirs')} />}

      {completed ? (
        <CompletedDraft draft={draft} title={shownTitle} saving={edit.isPending} onSave={save} sendPanel={sendPanel} />
      ) : (
        <IncompleteDraft draft={draft} />
      )}
    </Stack>
  );
}

function IncompleteDraft({ draft }: { draft: EmailDraft }) {
  const regenerate = useRegenerateDraft();
  const refresh = useRefreshDraftImages();
  const complete = useCompleteDraft();
  const busy = regenerate.isPending || refresh.isPending || complete.isPending;
  // Regenerate and Complete say what the server answered, or the spec's fallback when it answered nothing readable.
  const toastOutcome = { onSuccess: (result: { message: string }) => notifySuccess(result.message), onError: (error: unknown) => notifyError(error, 'Something went wrong') };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="light"
          size="md"
          leftSection={<IconPhoto size={18} />}
          loading={refresh.isPending}
          disabled={busy}
          onClick={() =>
            refresh.mutate(draft, {
              onSuccess: (result) => (result.images_found ? notifySuccess(EMAIL_DRAFT_MESSAGES.updated) : notifyInfo(result.message)),
              onError: (error) => notifyError(error, 'Something went wrong'),
            })
          }
        >
          Refresh Images
        </Button>
        <Button
          variant="light"
          size="md"
          leftSection={<IconRefresh size={18} />}
          loading={regenerate.isPending}
          disabled={busy}
          onClick={() => regenerate.mutate(draft, toastOutcome)}
        >
          Regenerate Email
        </Button>
      </SimpleGrid>
      <EmailFrame html={draft.email_draft} />
      {/* Under the thumb while the email scrolls past: on a phone it is several screens long. */}
      <StickyActions>
        <Button renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/drafts-view/$id/edit" params={{ id: draft.id }} />} variant="default" size="lg" px="sm" leftSection={<IconEdit size={20} />}>
          Edit email
        </Button>
        <Button
          size="lg"
          px="sm"
          leftSection={<IconSparkles size={20} />}
          loading={complete.isPending}
          disabled={busy}
          onClick={() =>
            complete.mutate(
              { id: draft.id, body: { is_draft: 0, user_title: draft.user_title, version: draft.version, blocks: draft.blocks } },
              toastOutcome,
            )
          }
        >
          Complete
        </Button>
      </StickyActions>
    </Stack>
  );
}

type CompletedDraftProps = {
  draft: EmailDraft;
  title: string;
  saving: boolean;
  onSave: (change: DraftEdit, version?: number, onDone?: () => void) => void;
  sendPanel?: (draft: EmailDraft) => ReactNode;
};

function CompletedDraft({ draft, title, saving, onSave, sendPanel }: CompletedDraftProps) {
  const [editing, setEditing] = useState(false);
  const [changed, setChanged] = useState(false);
  const frame = useRef<EmailFrameHandle>(null);
  const form = useContractForm({
    initialValues: { campaign_title: title },
    schema: UpdateEmailDraftTitleRequestSchema,
    toRequest: (values) => ({ campaign_title: values.campaign_title.trim(), version: draft.version }),
  });
  const typed = form.values.campaign_title.trim();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <form onSubmit={form.onSubmit((values) => onSave({ kind: DRAFT_TITLE_OP, campaign_title: values.campaign_title.trim() }))}>
          <Group align="flex-end" wrap="nowrap" gap="sm">
            <TextInput label="Campaign title" size="md" style={{ flex: 1 }} maxLength={120} {...form.getInputProps('campaign_title')} />
            <Button type="submit" size="md" loading={saving} disabled={!typed || typed === title}>
              Save
            </Button>
          </Group>
        </form>
      </Paper>

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            The email
          </Title>
          {!editing && (
            <Group gap="xs">
              <Button variant="subtle" onClick={() => setEditing(true)}>
                Edit text here
              </Button>
              <Button variant="subtle" renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/drafts-view/$id/edit" params={{ id: draft.id }} />}>
                Open editor
              </Button>
            </Group>
          )}
        </Group>
        {editing && (
          <Text size="sm" c="dimmed">
            Tap any text in the email to change it, then save.
          </Text>
        )}
        <EmailFrame ref={frame} html={draft.email_draft} editable={editing} onEdited={() => setChanged(true)} />
        {editing && (
          <StickyActions>
            <Button
              variant="default"
              size="lg"
              onClick={() => {
                setEditing(false);
                setChanged(false);
              }}
            >
              Cancel
            </Button>
            <Button
              size="lg"
              loading={saving}
              disabled={!changed}
              onClick={() => {
                const html = frame.current?.editedHtml();
                if (html) onSave({ kind: DRAFT_CONTENT_OP, new_draft: html }, undefined, () => (setEditing(false), setChanged(false)));
              }}
            >
              Save changes
            </Button>
          </StickyActions>
        )}
      </Stack>
      {sendPanel?.(draft)}
    </Stack>
  );
}
