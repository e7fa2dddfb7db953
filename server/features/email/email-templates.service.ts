import { EMAIL_TEMPLATE_MESSAGES, type EmailTemplate } from '../../../src/contract/email-templates.ts';
import { TEMPLATE_CATEGORIES, type EmailBlock, type TemplateCategory } from '../../../src/contract/email.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { cleanBlocks, renderOwnerEmail } from './email-content.ts';
import { insertDraft, toDraft, type DraftDeps } from './email-drafts.service.ts';
import type { EmailTemplateRow } from './email.table.ts';
import { htmlToBlocks } from './render/html-to-blocks.ts';
import { sanitizeEmailHtml } from './render/sanitize.ts';
import { starterTemplate, starterTemplatesIn, type StarterTemplate } from './templates/starter-templates.ts';

type TemplateDeps = DraftDeps;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TemplateSource = { id: string; name: string; display_name: string; category: TemplateCategory; subject: string; preheader: string; blocks: EmailBlock[]; starter: boolean; updated_at: Date | null };

const fromStarter = (template: StarterTemplate): TemplateSource => ({ ...template, starter: true, updated_at: null });
const fromRow = (row: EmailTemplateRow): TemplateSource => ({
  id: row.id,
  name: row.name,
  display_name: row.name,
  category: row.category as TemplateCategory,
  subject: row.subject,
  preheader: row.preheader,
  blocks: row.blocks,
  starter: false,
  updated_at: row.updated_at,
});

/** Every template is shown with the owner's brand; starter and own alike. */
async function present(deps: TemplateDeps, userId: string, template: TemplateSource): Promise<EmailTemplate> {
  const rendered = await renderOwnerEmail(deps, userId, template, { mode: 'preview' });
  return {
    id: template.id,
    name: template.name,
    display_name: template.display_name,
    category: template.category,
    subject: template.subject,
    preheader: template.preheader,
    html_content: rendered.html,
    blocks: template.blocks,
    starter: template.starter,
    updated_at: template.updated_at?.toISOString() ?? null,
  };
}

async function findOwn(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  if (!UUID.test(id)) return undefined;
  return deps.db.selectFrom('email_templates').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

async function findTemplate(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<TemplateSource> {
  const starter = starterTemplate(id);
  if (starter) return fromStarter(starter);
  const row = await findOwn(deps, userId, id);
  if (!row) throw notFound('No such email template');
  return fromRow(row);
}

/** The owner's own templates first (newest change first), then the starters. */
export async function listTemplates(deps: TemplateDeps, userId: string, category?: TemplateCategory): Promise<EmailTemplate[]> {
  let query = deps.db.selectFrom('email_templates').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (category) query = query.where('category', '=', category);
  const own = (await query.orderBy('updated_at', 'desc').limit(200).execute()).map(fromRow);
  const all = [...own, ...starterTemplatesIn(category).map(fromStarter)];
  const results: EmailTemplate[] = [];
  // One after another: a render is a few milliseconds of CPU, and this keeps the server answering others between them.
  for (const template of all) results.push(await present(deps, userId, template));
  return results;
}

export async function getTemplate(deps: TemplateDeps, userId: string, id: string) {
  return present(deps, userId, await findTemplate(deps, userId, id));
}

/** The editor sends blocks; HTML from elsewhere is sanitized and mapped onto blocks. */
function contentBlocks(input: { blocks?: EmailBlock[]; html_content?: string }, previous: readonly EmailBlock[]) {
  if (input.blocks) return { blocks: cleanBlocks(input.blocks), notes: [] as string[] };
  if (input.html_content === undefined) return { blocks: undefined, notes: [] as string[] };
  const mapped = htmlToBlocks(sanitizeEmailHtml(input.html_content), previous);
  return { blocks: cleanBlocks(mapped.blocks), notes: mapped.notes };
}

const subjectFrom = (blocks: readonly EmailBlock[], fallback: string) => {
  const heading = blocks.find((block) => block.type === 'heading');
  return (heading?.type === 'heading' ? heading.text : fallback).slice(0, 150);
};

export async function createTemplate(
  deps: TemplateDeps,
  userId: string,
  input: { name: string; category: TemplateCategory; blocks?: EmailBlock[]; html_content?: string; subject?: string; preheader?: string },
) {
  const now = deps.now();
  await checkEntitlement(deps.db, userId, 'templatesPerMonth', 1, now);
  const content = contentBlocks(input, []);
  if (!content.blocks?.length) throw fieldError('blocks', EMAIL_TEMPLATE_MESSAGES.needsContent);
  const row = await deps.db
    .insertInto('email_templates')
    .values({
      user_id: userId,
      name: input.name,
      category: input.category,
      subject: input.subject ?? subjectFrom(content.blocks, input.name),
      preheader: input.preheader ?? '',
      blocks: JSON.stringify(content.blocks),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message: EMAIL_TEMPLATE_MESSAGES.created, template: await present(deps, userId, fromRow(row)), ...(content.notes.length ? { notes: content.notes } : {}) };
}

/** Update Template. A starter template is Mise's and stays as it is: updating one saves the owner's copy. */
export async function updateTemplate(
  deps: TemplateDeps,
  userId: string,
  id: string,
  input: { name?: string; category?: TemplateCategory; blocks?: EmailBlock[]; html_content?: string; subject?: string; preheader?: string },
) {
  const current = await findTemplate(deps, userId, id);
  const content = contentBlocks(input, current.blocks);
  const next = {
    name: input.name ?? (current.starter ? current.display_name : current.name),
    category: input.category ?? current.category,
    subject: input.subject ?? current.subject,
    preheader: input.preheader ?? current.preheader,
    blocks: content.blocks ?? current.blocks,
  };
  const now = deps.now();
  let row: EmailTemplateRow;
  if (current.starter) {
    await checkEntitlement(deps.db, userId, 'templatesPerMonth', 1, now);
    row = await deps.db
      .insertInto('email_templates')
      .values({ user_id: userId, ...next, blocks: JSON.stringify(next.blocks), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    row = await deps.db
      .updateTable('email_templates')
      .set({ ...next, blocks: JSON.stringify(next.blocks), updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return { message: EMAIL_TEMPLATE_MESSAGES.updated, template: await present(deps, userId, fromRow(row)), ...(content.notes.length ? { notes: content.notes } : {}) };
}

export async function deleteTemplate(deps: TemplateDeps, userId: string, id: string) {
  if (starterTemplate(id)) throw fieldError('id', 'Starter templates come with Mise and cannot be deleted', 400);
  const row = await findOwn(deps, userId, id);
  if (!row) throw notFound('No such email template');
  await deps.db.updateTable('email_templates').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: 'Template deleted' };
}

/** A new draft from a template: the template's words as they are (no AI, so no AI draft is used up). */
export async function draftFromTemplate(deps: TemplateDeps, userId: string, id: string) {
  const template = await findTemplate(deps, userId, id);
  const row = await insertDraft(deps, userId, {
    source: 'template',
    prompt: '',
    mediaIds: [],
    templateId: template.id,
    written: { title: template.display_name, subject: template.subject, preheader: template.preheader, blocks: template.blocks },
    now: deps.now(),
  });
  return { message: `Started a draft from "${template.display_name}"`, draft: toDraft(row) };
}

export const templateCategories = () => ({ results: TEMPLATE_CATEGORIES.map(({ value, display_name }) => ({ value, display_name })) });
