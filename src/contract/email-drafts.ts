import * as v from 'valibot';
import { EMAIL_LIMITS, EmailBlockSchema, EmailBlocksSchema, EmailContentSchema, EmailPreheaderSchema, EmailSubjectSchema } from './email.ts';
import { EMAIL_DRAFT_FILTERS } from './email-options.ts';
export { type EmailDraftFilter } from './email-options.ts';

/** AI email drafts (spec §3 Email draft, §4 states, §7 Email). Paths are under /api/v1/email/drafts. */

/** Spec §8 messages, verbatim. */
export const EMAIL_DRAFT_MESSAGES = {
  updated: 'Updated successfully',
  completed: 'Completed successfully',
  regenerated: 'Regenerated Successfully',
  titleUpdated: 'Campaign title updated successfully',
  listError: 'Error fetching email drafts',
  empty: 'No email drafts found',
  /** Refresh Images with an empty library (ours: the spec does not say). */
  noImages: 'Your media library has no photos yet. Add some in Media, then refresh the images.',
  imagesRefreshed: 'Images refreshed',
} as const;

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));
const MediaIdSchema = v.pipe(v.string('Each photo must be a media id'), v.regex(/^[\w-]{1,64}$/, 'Each photo must be a media id'));
/** The draft's version as the client last saw it; a stale one is a 409 with the current draft. */
const VersionSchema = v.pipe(v.number('version must be a number'), v.integer('version must be a whole number'), v.minValue(1, 'version must be at least 1'));
const EditedHtmlSchema = (field: string) =>
  v.pipe(v.string(`${field} must be HTML text`), v.nonEmpty(`${field} is empty`), v.maxLength(EMAIL_LIMITS.html, `${field} must be at most ${EMAIL_LIMITS.html} characters`));
const TitleSchema = (field: string) => v.pipe(text(field, EMAIL_LIMITS.title), v.nonEmpty(`${field} is required`));

const EmailDraftSchema = v.object({
  id: v.string(),
  user_title: v.string(),
  subject: v.string(),
  preheader: v.string(),
  /** The rendered email (server-side, from `blocks` and the brand at the time of the last change). */
  email_draft: v.string(),
  blocks: v.array(EmailBlockSchema),
  /** One entry per completion; empty means the draft is still a draft (spec §3, §4). */
  email_completed: v.array(v.object({ completed_at: v.string() })),
  prompt: v.string(),
  media_ids: v.array(v.string()),
  version: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type EmailDraft = v.InferOutput<typeof EmailDraftSchema>;

/** POST /email/drafts: what the owner wants to say, and optionally which photos to use. */
export const CreateEmailDraftRequestSchema = v.object({
  prompt: v.pipe(text('Prompt', EMAIL_LIMITS.prompt), v.nonEmpty('Tell us what the email is about')),
  media_ids: v.optional(v.pipe(v.array(MediaIdSchema, 'media_ids must be a list'), v.maxLength(EMAIL_LIMITS.mediaIds, `Pick at most ${EMAIL_LIMITS.mediaIds} photos`))),
});
export type CreateEmailDraftRequest = v.InferInput<typeof CreateEmailDraftRequestSchema>;
export const EmailDraftResponseSchema = EmailDraftSchema;

/** GET /email/drafts?status=all|drafts|completed, newest change first. */
export const EmailDraftListQuerySchema = v.object({
  status: v.optional(v.picklist(EMAIL_DRAFT_FILTERS, 'status must be all, drafts or completed'), 'all'),
});
export const EmailDraftListResponseSchema = v.object({ results: v.array(EmailDraftSchema) });

/** Every change answers with the spec's toast text and the draft as stored; `notes` say what HTML could not map back. */
const EmailDraftActionResponseSchema = v.object({
  message: v.string(),
  draft: EmailDraftSchema,
  notes: v.optional(v.array(v.string())),
});

/** POST /email/drafts/{id}/regenerate: a different angle on the same prompt. */
export const RegenerateEmailDraftRequestSchema = v.object({ version: v.optional(VersionSchema) });
export const RegenerateEmailDraftResponseSchema = EmailDraftActionResponseSchema;

/** POST /email/drafts/{id}/refresh-images: other fitting photos from the library (message says when there are none). */
export const RefreshEmailDraftImagesRequestSchema = v.object({ version: v.optional(VersionSchema) });
export const RefreshEmailDraftImagesResponseSchema = v.object({ ...EmailDraftActionResponseSchema.entries, images_found: v.number() });

/**
 * POST /email/drafts/{id}/complete {is_draft: 0, content | blocks, user_title, version}. `content` is the
 * email as HTML, the way the spec's client sends the edited preview; it is sanitized and mapped back onto
 * the blocks where it can. `blocks` is what the visual editor sends.
 */
export const CompleteEmailDraftRequestSchema = v.pipe(
  v.object({
    is_draft: v.literal(0, 'is_draft must be 0'),
    user_title: TitleSchema('Title'),
    version: VersionSchema,
    content: v.optional(EditedHtmlSchema('content')),
    blocks: v.optional(EmailBlocksSchema),
    subject: v.optional(EmailSubjectSchema),
    preheader: v.optional(EmailPreheaderSchema),
  }),
  v.forward(
    v.check((body) => (body.content === undefined) !== (body.blocks === undefined), 'Send the email as content (HTML) or as blocks, not both'),
    ['content'],
  ),
);
export type CompleteEmailDraftRequest = v.InferInput<typeof CompleteEmailDraftRequestSchema>;
export const CompleteEmailDraftResponseSchema = EmailDraftActionResponseSchema;

/** POST /email/drafts/{id}/title {campaign_title, version} (spec: update draft title). */
export const UpdateEmailDraftTitleRequestSchema = v.object({ campaign_title: TitleSchema('Campaign title'), version: VersionSchema });
export const UpdateEmailDraftTitleResponseSchema = EmailDraftActionResponseSchema;

/** POST /email/drafts/{id}/content {new_draft (HTML) | blocks, subject?, preheader?, version} (spec: update draft content). */
export const UpdateEmailDraftContentRequestSchema = v.pipe(
  v.object({
    version: VersionSchema,
    new_draft: v.optional(EditedHtmlSchema('new_draft')),
    blocks: v.optional(EmailBlocksSchema),
    subject: v.optional(EmailSubjectSchema),
    preheader: v.optional(EmailPreheaderSchema),
  }),
  v.forward(v.check((body) => !(body.new_draft !== undefined && body.blocks !== undefined), 'Send new_draft (HTML) or blocks, not both'), ['new_draft']),
  v.check((body) => [body.new_draft, body.blocks, body.subject, body.preheader].some((part) => part !== undefined), 'Nothing to update'),
);
export const UpdateEmailDraftContentResponseSchema = EmailDraftActionResponseSchema;

/** POST /email/preview: the editor's live preview, rendered with the brand as it would be saved (nothing is stored). */
export const EmailPreviewRequestSchema = EmailContentSchema;
export const EmailPreviewResponseSchema = v.object({ html: v.string(), text: v.string() });

/** POST /email/templates/{id}/use: a new draft with the template's words (no AI). */
export const DraftFromTemplateResponseSchema = EmailDraftActionResponseSchema;

/** GET /email/usage: this period's AI drafts and new templates against the plan (a usage bar beside what it counts). */
const AllowanceSchema = v.object({ used: v.number(), limit: v.number() });
export const EmailUsageResponseSchema = v.object({ ai_drafts: AllowanceSchema, templates: AllowanceSchema });
