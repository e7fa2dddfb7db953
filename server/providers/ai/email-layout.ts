import type { EmailBlock } from '../../../src/contract/email.ts';
import { EMAIL_LIMITS } from '../../../src/contract/email.ts';

/**
 * The one layout both AI writers fill (builtin and OpenAI-compatible): brand header, heading, photo, intro,
 * details, button, sign-off, footer. Writers hand over plain text; this escapes it and allows only **bold**,
 * so no writer can put markup into an email.
 */
export type EmailParts = {
  heading: string;
  /** Plain-text paragraphs; the first is usually the greeting. */
  intro: string[];
  /** Plain-text list items ("**When:** this Friday"); empty for no list. */
  details: string[];
  /** Plain-text lines of the sign-off, joined with line breaks ("See you soon," / "The La Cocina team"). */
  signOff: string[];
  /** Up to two photos: the first goes by the heading, the second before the button. */
  images: { id: string; alt: string }[];
  /** Put the first photo above the heading instead of under it. */
  imageFirst?: boolean;
  /** No button when there is nowhere to send people. */
  button: { label: string; href: string } | null;
};

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Escaped text with **bold** turned into <strong>. */
const inline = (value: string) => escape(value).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
const cut = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

export function assembleEmailBlocks(parts: EmailParts): EmailBlock[] {
  const blocks: EmailBlock[] = [{ id: 'header', type: 'header_image' }];
  const [first, second] = parts.images;
  const photo = (image: { id: string; alt: string }, id: string): EmailBlock => ({ id, type: 'image', media_id: image.id, alt: cut(image.alt, EMAIL_LIMITS.alt), caption: '' });
  if (first && parts.imageFirst) blocks.push(photo(first, 'photo-1'));
  blocks.push({ id: 'heading', type: 'heading', text: cut(parts.heading, EMAIL_LIMITS.heading), level: 1, align: 'left' });
  if (first && !parts.imageFirst) blocks.push(photo(first, 'photo-1'));
  const intro = parts.intro.filter(Boolean).map((paragraph) => `<p>${inline(paragraph)}</p>`).join('');
  if (intro) blocks.push({ id: 'intro', type: 'text', html: intro, align: 'left' });
  if (parts.details.length > 0) blocks.push({ id: 'details', type: 'text', html: `<ul>${parts.details.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`, align: 'left' });
  if (second) blocks.push(photo(second, 'photo-2'));
  if (parts.button) blocks.push({ id: 'cta', type: 'button', label: cut(parts.button.label, EMAIL_LIMITS.buttonLabel), href: parts.button.href });
  if (parts.signOff.length > 0) blocks.push({ id: 'sign-off', type: 'text', html: `<p>${parts.signOff.map(inline).join('<br>')}</p>`, align: 'left' });
  blocks.push({ id: 'footer', type: 'footer', note: '' });
  return blocks;
}
