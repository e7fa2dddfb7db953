import type { EmailBlock, TemplateCategory } from '../../../../src/contract/email.ts';
import { FIRST_NAME_TAG } from '../../../../src/contract/email.ts';

/**
 * Starter templates ship with Mise. Their copy is what an owner would send, with [bracketed placeholders]
 * for everything only the owner knows (dish, date, price), never invented ones. The photo slots are empty
 * until the owner picks a picture from the media library.
 */
export type StarterTemplate = {
  /** Stable: drafts and copies refer to it. */
  id: string;
  name: string;
  display_name: string;
  category: TemplateCategory;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
};

/** A block before its id is given (Omit over each member of the union). */
type Part = EmailBlock extends infer B ? (B extends EmailBlock ? Omit<B, 'id'> : never) : never;

/** Ids are the block type and its position, so a template's ids never change between releases. */
export function starter(template: Omit<StarterTemplate, 'blocks' | 'name'> & { parts: Part[] }): StarterTemplate {
  const { parts, ...rest } = template;
  const blocks = parts.map((part, index) => ({ ...part, id: `${part.type.replace('_', '-')}-${index + 1}` }) as EmailBlock);
  return { ...rest, name: rest.id, blocks };
}

export const header = (): Part => ({ type: 'header_image' });
export const heading = (text: string, level: 1 | 2 = 1): Part => ({ type: 'heading', text, level, align: 'left' });
/** Paragraphs of rich text; a string starting with "<" is used as HTML (lists), others become <p>. */
export const text = (...paragraphs: string[]): Part => ({
  type: 'text',
  html: paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join(''),
  align: 'left',
});
export const greeting = (...paragraphs: string[]) => text(`Hi ${FIRST_NAME_TAG},`, ...paragraphs);
export const photo = (alt: string, caption = ''): Part => ({ type: 'image', media_id: null, alt, caption });
/** No link of its own: the button goes to the restaurant's website until the owner sets one. */
export const button = (label: string): Part => ({ type: 'button', label, href: '' });
export const divider = (): Part => ({ type: 'divider' });
export const footer = (note = ''): Part => ({ type: 'footer', note });
export const list = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
