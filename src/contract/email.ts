import * as v from 'valibot';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_VALUES, type TemplateCategory } from './email-options.ts';
export { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_VALUES, type TemplateCategory } from './email-options.ts';

/**
 * A campaign email as structured content (spec §3 Email draft, Email template): a subject, a preheader and
 * an ordered list of blocks. Drafts and templates store this JSON; the server renders it to email HTML, and
 * the visual editor edits it. Requests and responses that carry it are in email-drafts.ts / email-templates.ts.
 */

/** Bounds are ours (the spec leaves them open); each message names its field. */
export const EMAIL_LIMITS = {
  subject: 150,
  preheader: 200,
  title: 120,
  prompt: 1000,
  blocks: 40,
  heading: 200,
  textHtml: 20_000,
  buttonLabel: 60,
  href: 2048,
  alt: 200,
  caption: 300,
  footerNote: 500,
  mediaIds: 6,
  /** Edited email HTML sent back from the preview (a rendered email is about 20-60 KB). */
  html: 500_000,
} as const;

/**
 * Merge tags the sending engine fills per recipient. The renderer leaves them in place; `{{name|fallback}}`
 * means "the value, or the fallback when the customer has none".
 */
export const UNSUBSCRIBE_URL_TAG = '{{unsubscribe_url}}';
export const FIRST_NAME_TAG = '{{first_name|there}}';
export const MERGE_TAG_PATTERN = /\{\{\s*([a-z_]+)\s*(?:\|([^{}]*))?\}\}/g;
export const isMergeTag = (value: string) => /^\{\{\s*[a-z_]+\s*(?:\|[^{}]*)?\}\}$/.test(value);

export const TemplateCategorySchema = v.picklist(TEMPLATE_CATEGORY_VALUES, `Category must be one of: ${TEMPLATE_CATEGORY_VALUES.join(', ')}`);
export const categoryDisplayName = (value: TemplateCategory) => TEMPLATE_CATEGORIES.find((category) => category.value === value)!.display_name;

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));
const required = (field: string, max: number) => v.pipe(text(field, max), v.nonEmpty(`${field} is required`));

const HEX_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const Colour = (field: string) => v.pipe(v.string(`${field} must be a colour`), v.trim(), v.regex(HEX_COLOUR_PATTERN, `${field} must be a hex colour like #FF3434`), v.toUpperCase());

const BlockIdSchema = v.pipe(v.string('Block id must be text'), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Block id must be 1 to 40 letters, digits, - or _'));
const AlignSchema = v.optional(v.picklist(['left', 'center'], 'Align must be left or center'), 'left');

/**
 * A link a recipient can follow: https/http, mailto:, tel:, or a merge tag. Empty means "the restaurant's
 * website". A bare domain ("lacocina.com/menu") is stored with https://, the way the brand's website is.
 */
export const EmailHrefSchema = v.pipe(
  text('Button link', EMAIL_LIMITS.href),
  v.transform((value) => (/^[\w-]+(\.[\w-]+)+(?:[/?#]\S*)?$/.test(value) ? `https://${value}` : value)),
  v.check((value) => value === '' || isMergeTag(value) || isSafeHref(value), 'Button link must start with https://, mailto: or tel:'),
);

export function isSafeHref(value: string): boolean {
  if (/^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(value) || /^tel:\+?[\d\s().-]{3,}$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The brand's email header (or its logo and name when there is no header); it has no settings of its own. */
const HeaderImageBlockSchema = v.object({ id: BlockIdSchema, type: v.literal('header_image') });
const HeadingBlockSchema = v.object({
  id: BlockIdSchema,
  type: v.literal('heading'),
  /** Plain text; rendered escaped. */
  text: required('Heading', EMAIL_LIMITS.heading),
  level: v.optional(v.picklist([1, 2], 'Heading level must be 1 or 2'), 1),
  align: AlignSchema,
});
const TextBlockSchema = v.object({
  id: BlockIdSchema,
  type: v.literal('text'),
  /** Rich text from the editor; the server sanitizes it against an allow-list before storing or rendering. */
  html: v.pipe(v.string('Text must be text'), v.maxLength(EMAIL_LIMITS.textHtml, `Text must be at most ${EMAIL_LIMITS.textHtml} characters`)),
  align: AlignSchema,
});
const ImageBlockSchema = v.object({
  id: BlockIdSchema,
  type: v.literal('image'),
  /** A media library item; null is an empty photo slot (starter templates), shown only in the preview. */
  media_id: v.nullable(v.pipe(v.string('Image must be a media id'), v.regex(/^[\w-]{1,64}$/, 'Image must be a media id'))),
  alt: text('Image description', EMAIL_LIMITS.alt),
  caption: v.optional(text('Caption', EMAIL_LIMITS.caption), ''),
});
const ButtonBlockSchema = v.object({
  id: BlockIdSchema,
  type: v.literal('button'),
  label: required('Button label', EMAIL_LIMITS.buttonLabel),
  href: v.optional(EmailHrefSchema, ''),
  /** Absent: the brand's theme colour. */
  colour: v.optional(Colour('Button colour')),
});
const DividerBlockSchema = v.object({ id: BlockIdSchema, type: v.literal('divider') });
/** Restaurant name, location, website and the unsubscribe link are always rendered; `note` is an extra line. */
const FooterBlockSchema = v.object({ id: BlockIdSchema, type: v.literal('footer'), note: v.optional(text('Footer note', EMAIL_LIMITS.footerNote), '') });

const EMAIL_BLOCK_TYPES = ['header_image', 'heading', 'text', 'image', 'button', 'divider', 'footer'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];

export const EmailBlockSchema = v.variant(
  'type',
  [HeaderImageBlockSchema, HeadingBlockSchema, TextBlockSchema, ImageBlockSchema, ButtonBlockSchema, DividerBlockSchema, FooterBlockSchema],
  `Block type must be one of: ${EMAIL_BLOCK_TYPES.join(', ')}`,
);
export type EmailBlock = v.InferOutput<typeof EmailBlockSchema>;
export type EmailBlockOf<T extends EmailBlockType> = Extract<EmailBlock, { type: T }>;

export const EmailBlocksSchema = v.pipe(
  v.array(EmailBlockSchema, 'Blocks must be a list'),
  v.minLength(1, 'Add at least one block'),
  v.maxLength(EMAIL_LIMITS.blocks, `An email takes at most ${EMAIL_LIMITS.blocks} blocks`),
  v.check((blocks) => new Set(blocks.map((block) => block.id)).size === blocks.length, 'Block ids must be unique'),
);

export const EmailSubjectSchema = required('Subject', EMAIL_LIMITS.subject);
export const EmailPreheaderSchema = text('Preheader', EMAIL_LIMITS.preheader);

export const EmailContentSchema = v.object({
  subject: EmailSubjectSchema,
  /** The grey line after the subject in the inbox list. */
  preheader: v.optional(EmailPreheaderSchema, ''),
  blocks: EmailBlocksSchema,
});
export type EmailContent = v.InferOutput<typeof EmailContentSchema>;
