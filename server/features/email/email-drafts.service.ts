import { sql } from 'kysely';
import { EMAIL_DRAFT_MESSAGES, type EmailDraft, type EmailDraftFilter } from '../../../src/contract/email-drafts.ts';
import type { EmailBlock, EmailContent } from '../../../src/contract/email.ts';
import type { Deps } from '../../deps.ts';
import { withAi } from '../../lib/ai-call.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { WrittenEmail } from '../../providers/ai/ai-types.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { brandFacts, cleanBlocks, photoCandidates, renderOwnerEmail } from './email-content.ts';
import { chooseEmailImages, replaceEmailImages } from './email-images.ts';
import type { EmailDraftRow } from './email.table.ts';
import { htmlToBlocks } from './render/html-to-blocks.ts';
import { sanitizeEmailHtml } from './render/sanitize.ts';

export type DraftDeps = Pick<Deps, 'db' | 'storage' | 'logger' | 'ai' | 'now'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toDraft(row: EmailDraftRow, html = row.html): EmailDraft {
  return {
    id: row.id,
    user_title: row.user_title,
    subject: row.subject,
    preheader: row.preheader,
    email_draft: html,
    blocks: row.blocks,
    email_completed: row.completions,
    prompt: row.prompt,
    media_ids: row.media_ids,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const contentOf = (row: Pick<EmailDraftRow, 'subject' | 'preheader' | 'blocks'>): EmailContent => ({ subject: row.subject, preheader: row.preheader, blocks: row.blocks });

/** The owner's live draft, or 404 (another owner's id looks like one that does not exist). */
export async function findDraft(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<EmailDraftRow> {
  if (!UUID.test(id)) throw notFound('No such email draft');
  const row = await deps.db.selectFrom('email_drafts').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('No such email draft');
  return row;
}

/** A change made against an older version is refused with the current draft, so the owner can see both and choose. */
function assertVersion(row: EmailDraftRow, version: number | undefined) {
  if (version === undefined || version === row.version) return;
  throw changedElsewhere(row);
}

const changedElsewhere = (current: EmailDraftRow) =>
  new AppError(409, 'This email was changed somewhere else since you opened it.', 'conflict', { data: { current: toDraft(current) } });

async function ownPhotos(deps: DraftDeps, userId: string, mediaIds: readonly string[]) {
  if (mediaIds.some((id) => !UUID.test(id))) throw fieldError('media_ids', 'Some of these photos are not in your media library', 404, 'not_found');
  const photos = await photoCandidates(deps, userId, mediaIds);
  if (photos.length !== new Set(mediaIds).size) throw fieldError('media_ids', 'Some of these photos are not in your media library', 404, 'not_found');
  // In the order the owner picked them.
  return [...new Set(mediaIds)].map((id) => photos.find((photo) => photo.id === id)!);
}

/**
 * Stores new content: sanitized, rendered with the brand, the version bumped, guarded by the version read
 * (a concurrent change in between is a 409 too, never a silent overwrite).
 */
async function saveContent(deps: DraftDeps, row: EmailDraftRow, changes: Partial<{ user_title: string; subject: string; preheader: string; blocks: EmailBlock[]; seed: number; media_ids: string[]; completions: Array<{ completed_at: string }> }>) {
  const blocks = changes.blocks ? cleanBlocks(changes.blocks) : row.blocks;
  const content = { subject: changes.subject ?? row.subject, preheader: changes.preheader ?? row.preheader, blocks };
  const rendered = await renderOwnerEmail(deps, row.user_id, content, { mode: 'preview' });
  const updated = await deps.db
    .updateTable('email_drafts')
    .set({
      ...(changes.user_title !== undefined ? { user_title: changes.user_title } : {}),
      ...(changes.seed !== undefined ? { seed: changes.seed } : {}),
      ...(changes.media_ids !== undefined ? { media_ids: JSON.stringify(changes.media_ids) } : {}),
      ...(changes.completions !== undefined ? { completions: JSON.stringify(changes.completions) } : {}),
      subject: content.subject,
      preheader: content.preheader,
      blocks: JSON.stringify(blocks),
      html: rendered.html,
      version: sql<number>`version + 1`,
      updated_at: deps.now(),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw changedElsewhere(await findDraft(deps, row.user_id, row.id));
  return updated;
}

/** POST /email/drafts: the AI writes a draft from the prompt, the brand and fitting photos. */
export async function createDraft(deps: DraftDeps, userId: string, input: { prompt: string; media_ids?: string[] }): Promise<EmailDraft> {
  const now = deps.now();
  await checkEntitlement(deps.db, userId, 'aiDraftsPerMonth', 1, now);
  const images = input.media_ids?.length ? await ownPhotos(deps, userId, input.media_ids) : chooseEmailImages(await photoCandidates(deps, userId), input.prompt);
  const facts = await brandFacts(deps, userId);
  const written = await withAi(() => deps.ai.writeEmail({ prompt: input.prompt, brand: facts, images, seed: 1 }));
  return toDraft(await insertDraft(deps, userId, { source: 'ai', prompt: input.prompt, mediaIds: images.map((image) => image.id), written, now }));
}

export async function insertDraft(
  deps: DraftDeps,
  userId: string,
  input: { source: 'ai' | 'template'; prompt: string; mediaIds: string[]; written: WrittenEmail; templateId?: string; now: Date },
): Promise<EmailDraftRow> {
  const blocks = cleanBlocks(input.written.blocks);
  const content = { subject: input.written.subject, preheader: input.written.preheader, blocks };
  const rendered = await renderOwnerEmail(deps, userId, content, { mode: 'preview' });
  return deps.db
    .insertInto('email_drafts')
    .values({
      user_id: userId,
      source: input.source,
      template_id: input.templateId ?? null,
      user_title: input.written.title.slice(0, 120) || 'Untitled email',
      prompt: input.prompt,
      media_ids: JSON.stringify(input.mediaIds),
      subject: content.subject,
      preheader: content.preheader,
      blocks: JSON.stringify(blocks),
      html: rendered.html,
      completions: '[]',
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDrafts(deps: Pick<Deps, 'db'>, userId: string, status: EmailDraftFilter): Promise<EmailDraft[]> {
  let query = deps.db.selectFrom('email_drafts').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (status === 'drafts') query = query.where(sql<boolean>`jsonb_array_length(completions) = 0`);
  if (status === 'completed') query = query.where(sql<boolean>`jsonb_array_length(completions) > 0`);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(200).execute();
  return rows.map((row) => toDraft(row));
}

/** One draft, rendered now: a brand change since the last edit shows at once. */
export async function getDraft(deps: DraftDeps, userId: string, id: string): Promise<EmailDraft> {
  const row = await findDraft(deps, userId, id);
  const rendered = await renderOwnerEmail(deps, userId, contentOf(row), { mode: 'preview' });
  return toDraft(row, rendered.html);
}

/** Regenerate Email: a different angle on the same prompt (the next seed, told what it wrote last time). */
export async function regenerateDraft(deps: DraftDeps, userId: string, id: string, version?: number) {
  const row = await findDraft(deps, userId, id);
  assertVersion(row, version);
  const images = row.media_ids.length ? await photoCandidates(deps, userId, row.media_ids) : [];
  const seed = row.seed + 1;
  const facts = await brandFacts(deps, userId);
  const written = await withAi(() =>
    deps.ai.writeEmail({ prompt: row.prompt, brand: facts, images, seed, avoid: { title: row.user_title, subject: row.subject, preheader: row.preheader, blocks: row.blocks } }),
  );
  const saved = await saveContent(deps, row, { subject: written.subject, preheader: written.preheader, blocks: written.blocks, seed });
  return { message: EMAIL_DRAFT_MESSAGES.regenerated, draft: toDraft(saved) };
}

/** Refresh Images: other fitting photos from the library, by description and recency; none when it is empty, said plainly. */
export async function refreshDraftImages(deps: DraftDeps, userId: string, id: string, version?: number) {
  const row = await findDraft(deps, userId, id);
  assertVersion(row, version);
  const candidates = await photoCandidates(deps, userId);
  let photos = chooseEmailImages(candidates, row.prompt, { exclude: row.media_ids });
  // Every photo is already in use: go round again rather than say there are none.
  if (photos.length === 0) photos = chooseEmailImages(candidates, row.prompt);
  if (photos.length === 0) return { message: EMAIL_DRAFT_MESSAGES.noImages, draft: toDraft(row), images_found: 0 };
  const saved = await saveContent(deps, row, { blocks: replaceEmailImages(row.blocks, photos), media_ids: photos.map((photo) => photo.id) });
  return { message: EMAIL_DRAFT_MESSAGES.imagesRefreshed, draft: toDraft(saved), images_found: photos.length };
}

/** Edited HTML (the preview edited in place) or the editor's blocks, sanitized and mapped onto the blocks. */
function editedBlocks(row: EmailDraftRow, html: string | undefined, blocks: EmailBlock[] | undefined): { blocks: EmailBlock[] | undefined; notes: string[] } {
  if (blocks) return { blocks, notes: [] };
  if (html === undefined) return { blocks: undefined, notes: [] };
  const mapped = htmlToBlocks(sanitizeEmailHtml(html), row.blocks);
  return { blocks: mapped.blocks, notes: mapped.notes };
}

export async function completeDraft(
  deps: DraftDeps,
  userId: string,
  id: string,
  input: { user_title: string; version: number; content?: string; blocks?: EmailBlock[]; subject?: string; preheader?: string },
) {
  const row = await findDraft(deps, userId, id);
  assertVersion(row, input.version);
  const edited = editedBlocks(row, input.content, input.blocks);
  const completions = [...row.completions, { completed_at: deps.now().toISOString() }];
  const saved = await saveContent(deps, row, { user_title: input.user_title, subject: input.subject, preheader: input.preheader, blocks: edited.blocks, completions });
  return { message: EMAIL_DRAFT_MESSAGES.completed, draft: toDraft(saved), ...(edited.notes.length ? { notes: edited.notes } : {}) };
}

export async function updateDraftTitle(deps: DraftDeps, userId: string, id: string, input: { campaign_title: string; version: number }) {
  const row = await findDraft(deps, userId, id);
  assertVersion(row, input.version);
  const saved = await saveContent(deps, row, { user_title: input.campaign_title });
  return { message: EMAIL_DRAFT_MESSAGES.titleUpdated, draft: toDraft(saved) };
}

export async function updateDraftContent(
  deps: DraftDeps,
  userId: string,
  id: string,
  input: { version: number; new_draft?: string; blocks?: EmailBlock[]; subject?: string; preheader?: string },
) {
  const row = await findDraft(deps, userId, id);
  assertVersion(row, input.version);
  const edited = editedBlocks(row, input.new_draft, input.blocks);
  const saved = await saveContent(deps, row, { subject: input.subject, preheader: input.preheader, blocks: edited.blocks });
  return { message: EMAIL_DRAFT_MESSAGES.updated, draft: toDraft(saved), ...(edited.notes.length ? { notes: edited.notes } : {}) };
}

export async function deleteDraft(deps: DraftDeps, userId: string, id: string) {
  const row = await findDraft(deps, userId, id);
  await deps.db.updateTable('email_drafts').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: 'Email draft deleted' };
}

/** The editor's live preview: content rendered as it would be saved, without saving it. */
export async function previewContent(deps: DraftDeps, userId: string, content: EmailContent) {
  const rendered = await renderOwnerEmail(deps, userId, { ...content, blocks: cleanBlocks(content.blocks) }, { mode: 'preview' });
  return { html: rendered.html, text: rendered.text };
}
