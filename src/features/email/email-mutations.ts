import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UpdateEmailDraftContentResponseSchema,
  UpdateEmailDraftTitleResponseSchema,
  type CompleteEmailDraftRequest,
  type CreateEmailDraftRequest,
  type EmailDraft,
} from '../../contract/email-drafts.ts';
import type { CreateEmailTemplateRequest, UpdateEmailTemplateRequest } from '../../contract/email-templates.ts';
import type { EmailBlock } from '../../contract/email.ts';
import { listOps } from '../../lib/outbox/store.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { sessionStore } from '../../lib/session.ts';
import { emailApi } from './email-api.ts';
import { emailKeys } from './email-queries.ts';

/** Outbox kinds and entity of a draft's edits: queued offline, sent in order, shown as "Waiting to sync". */
export const DRAFT_TITLE_OP = 'email-draft.title';
export const DRAFT_CONTENT_OP = 'email-draft.content';
export const draftEntity = (id: string) => `email-draft:${id}`;

/** A draft edit the outbox can carry (and the conflict screen can send again). */
export type DraftEdit =
  | { kind: typeof DRAFT_TITLE_OP; campaign_title: string }
  | { kind: typeof DRAFT_CONTENT_OP; new_draft?: string; blocks?: EmailBlock[]; subject?: string; preheader?: string };

/**
 * The version an edit is made against. Each accepted edit bumps the draft's version by one, so an edit queued
 * behind k others of this draft expects version + k; anything else means it changed somewhere else (409).
 */
async function expectedVersion(draft: Pick<EmailDraft, 'id' | 'version'>): Promise<number> {
  const userId = sessionStore.get()?.userId;
  const waiting = userId ? (await listOps(userId)).filter((op) => op.entity === draftEntity(draft.id) && op.status !== 'failed') : [];
  return draft.version + waiting.length;
}

function useDraftCache() {
  const queryClient = useQueryClient();
  return {
    /** The answer carries the draft as stored: show it at once, refresh the lists behind it. */
    store: async (draft: EmailDraft) => {
      queryClient.setQueryData(emailKeys.draft(draft.id), draft);
      await queryClient.invalidateQueries({ queryKey: emailKeys.drafts(), predicate: (query) => query.queryKey[2] === 'list' });
    },
    invalidate: () => queryClient.invalidateQueries({ queryKey: emailKeys.drafts() }),
    /** A new AI draft or template counts against the plan. */
    usage: () => queryClient.invalidateQueries({ queryKey: emailKeys.usage() }),
  };
}

export function useCreateDraft() {
  const cache = useDraftCache();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateEmailDraftRequest; key: string }) => emailApi.createDraft(body, key),
    onSuccess: async (draft) => {
      await cache.store(draft);
      await cache.usage();
    },
  });
}

export function useRegenerateDraft() {
  const cache = useDraftCache();
  return useMutation({ mutationFn: (draft: EmailDraft) => emailApi.regenerate(draft.id, draft.version), onSuccess: (result) => cache.store(result.draft) });
}

export function useRefreshDraftImages() {
  const cache = useDraftCache();
  return useMutation({ mutationFn: (draft: EmailDraft) => emailApi.refreshImages(draft.id, draft.version), onSuccess: (result) => cache.store(result.draft) });
}

export function useCompleteDraft() {
  const cache = useDraftCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompleteEmailDraftRequest }) => emailApi.complete(id, body),
    onSuccess: (result) => cache.store(result.draft),
  });
}

/**
 * Title and content edits go through the outbox: online they answer like a call; offline they wait on the phone
 * (`queued`), in order, and reach the server once. `version` is given when the owner chose "keep mine" after a conflict.
 */
export function useEditDraft(draft: Pick<EmailDraft, 'id' | 'version' | 'user_title'>) {
  const cache = useDraftCache();
  return useMutation({
    mutationFn: async ({ edit, version }: { edit: DraftEdit; version?: number }) => {
      const expected = version ?? (await expectedVersion(draft));
      const { kind, ...fields } = edit;
      const title = kind === DRAFT_TITLE_OP;
      return sendThroughOutbox(
        {
          kind,
          entity: draftEntity(draft.id),
          label: title ? `Rename email to “${edit.campaign_title}”` : `Changes to “${draft.user_title}”`,
          method: 'POST',
          path: `/email/drafts/${encodeURIComponent(draft.id)}/${title ? 'title' : 'content'}`,
          json: { ...fields, version: expected },
          invalidate: [emailKeys.draft(draft.id), emailKeys.drafts()],
        },
        title ? UpdateEmailDraftTitleResponseSchema : UpdateEmailDraftContentResponseSchema,
      );
    },
    onSuccess: async (result) => {
      if (!result.queued) await cache.store(result.body.draft);
    },
  });
}

export function useUseTemplate() {
  const cache = useDraftCache();
  return useMutation({ mutationFn: (templateId: string) => emailApi.useTemplate(templateId), onSuccess: (result) => cache.store(result.draft) });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateEmailTemplateRequest | UpdateEmailTemplateRequest }) =>
      id ? emailApi.updateTemplate(id, body as UpdateEmailTemplateRequest) : emailApi.createTemplate(body as CreateEmailTemplateRequest),
    onSuccess: async (result) => {
      queryClient.setQueryData(emailKeys.template(result.template.id), result.template);
      await Promise.all([queryClient.invalidateQueries({ queryKey: emailKeys.templates() }), queryClient.invalidateQueries({ queryKey: emailKeys.usage() })]);
    },
  });
}
