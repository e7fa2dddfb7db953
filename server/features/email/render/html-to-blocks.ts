import { load } from 'cheerio/slim';
import type { EmailBlock } from '../../../../src/contract/email.ts';
import { EMAIL_LIMITS } from '../../../../src/contract/email.ts';
import { escapeHtml, squash } from './escape.ts';
import { isBlankRichText, sanitizeEmailHtml, sanitizeRichText } from './sanitize.ts';

/**
 * The owner edits the preview in place (contenteditable on each `data-block-part`) and the client sends the
 * whole HTML back. This maps it onto the blocks it was rendered from, by the `data-block-id` markers: text
 * comes back sanitized; links, colours, photos and the order of blocks are not editable in place and keep
 * their stored values. HTML without any marker (pasted from elsewhere) falls back to plain headings and
 * paragraphs, and `notes` says so.
 */

export type HtmlToBlocksResult = {
  blocks: EmailBlock[];
  /** False when the layout was not recognised and the fallback was used. */
  recognised: boolean;
  /** What the owner should know (shown with the saved draft or template). */
  notes: string[];
};

export const NOT_RECOGNISED_NOTE = 'The edited email was not in a layout Mise recognises, so its text was kept as headings and paragraphs. Check it before sending.';

export function htmlToBlocks(editedHtml: string, previousBlocks: readonly EmailBlock[]): HtmlToBlocksResult {
  const $ = load(editedHtml);
  const found = new Set($('[data-block-id]').map((_, element) => $(element).attr('data-block-id')).get());
  const known = previousBlocks.filter((block) => found.has(block.id));
  if (known.length === 0) return fallback(editedHtml, previousBlocks);

  const notes: string[] = [];
  const blocks: EmailBlock[] = [];
  for (const block of previousBlocks) {
    if (!found.has(block.id)) {
      blocks.push(block);
      notes.push(`A ${label(block)} was missing from the edited email and was kept as it was.`);
      continue;
    }
    // Ids come from stored blocks (letters, digits, - and _ only), so they are safe inside a selector.
    const wrapper = $(`[data-block-id="${block.id}"]`).first();
    const updated = mapBlock(block, (name) => {
      const part = wrapper.find(`[data-block-part="${name}"]`).first();
      return part.length > 0 ? { text: () => part.text(), html: () => part.html() ?? '' } : null;
    });
    if (updated) blocks.push(updated);
  }
  const unknown = [...found].filter((id) => !previousBlocks.some((block) => block.id === id));
  if (unknown.length > 0) notes.push(`${unknown.length} part(s) of the edited email did not belong to this email and were left out.`);
  return { blocks, recognised: true, notes };
}

const label = (block: EmailBlock) => block.type.replace('_', ' ') + ' block';

/** The block with its in-place edits, or null when the owner emptied a heading or paragraph (it is removed). */
/**
 * The renderer inlines spacing and link colour on these tags; they are presentation, not the owner's text, so
 * they are dropped before the text goes back into the block (else every save would stack another copy).
 * Alignment is the owner's choice and stays.
 */
function withoutRenderedStyles(html: string): string {
  return html.replace(/<(p|ul|ol|li|h2|h3|blockquote|a)(\s[^>]*)?>/gi, (_match, tag: string, attributes = '') => {
    const kept = attributes.replace(/\sstyle="([^"]*)"/i, (_style: string, style: string) => {
      const align = /(?:^|;)\s*(text-align\s*:\s*[a-z]+)/i.exec(style)?.[1];
      return align ? ` style="${align}"` : '';
    });
    return `<${tag}${kept}>`;
  });
}

type EditedPart = { text: () => string; html: () => string };

function mapBlock(block: EmailBlock, partOf: (name: string) => EditedPart | null): EmailBlock | null {
  switch (block.type) {
    case 'heading': {
      const part = partOf('text');
      if (!part) return block;
      const text = squash(part.text()).slice(0, EMAIL_LIMITS.heading);
      return text ? { ...block, text } : null;
    }
    case 'text': {
      const part = partOf('html');
      if (!part) return block;
      const html = sanitizeRichText(withoutRenderedStyles(part.html())).slice(0, EMAIL_LIMITS.textHtml);
      return isBlankRichText(html) ? null : { ...block, html };
    }
    case 'button': {
      const label = squash(partOf('label')?.text() ?? '').slice(0, EMAIL_LIMITS.buttonLabel);
      return label ? { ...block, label } : block;
    }
    case 'image': {
      const part = partOf('caption');
      return part ? { ...block, caption: squash(part.text()).slice(0, EMAIL_LIMITS.caption) } : block;
    }
    case 'footer': {
      const part = partOf('note');
      return part ? { ...block, note: squash(part.text()).slice(0, EMAIL_LIMITS.footerNote) } : block;
    }
    case 'header_image':
    case 'divider':
      return block;
  }
}

const BLOCK_LEVEL = 'p, h1, h2, h3, h4, li, td, th, div, blockquote, center';

/**
 * Unknown structure: keep the brand header and footer the email had, and turn the sanitized body into
 * headings (h1-h3) and one text block per run of paragraphs. Pictures cannot become media blocks (they are
 * not in the owner's library), so they are dropped and counted in the notes.
 */
function fallback(editedHtml: string, previousBlocks: readonly EmailBlock[]): HtmlToBlocksResult {
  const $ = load(sanitizeEmailHtml(editedHtml), null, false);
  const content: EmailBlock[] = [];
  let paragraphs: string[] = [];
  const flush = () => {
    if (paragraphs.length > 0) content.push({ id: `text-${content.length + 1}`, type: 'text', html: paragraphs.join('').slice(0, EMAIL_LIMITS.textHtml), align: 'left' });
    paragraphs = [];
  };
  // Leaves only: an element holding other block-level elements is a layout cell, not a paragraph.
  $(BLOCK_LEVEL).each((_, element) => {
    const node = $(element);
    if (node.find(BLOCK_LEVEL).length > 0) return;
    const text = squash(node.text());
    if (!text || node.css('display') === 'none') return;
    if (/^h[1-3]$/.test(element.tagName)) {
      flush();
      content.push({ id: `heading-${content.length + 1}`, type: 'heading', text: text.slice(0, EMAIL_LIMITS.heading), level: element.tagName === 'h1' ? 1 : 2, align: 'left' });
    } else {
      const inner = sanitizeRichText(node.html() ?? '');
      paragraphs.push(isBlankRichText(inner) ? `<p>${escapeHtml(text)}</p>` : `<p>${inner.replace(/^<p>|<\/p>$/g, '')}</p>`);
    }
  });
  flush();

  const header = previousBlocks.find((block) => block.type === 'header_image') ?? { id: 'header', type: 'header_image' as const };
  const footer = previousBlocks.find((block) => block.type === 'footer') ?? { id: 'footer', type: 'footer' as const, note: '' };
  const notes = [NOT_RECOGNISED_NOTE];
  const pictures = $('img').length;
  if (pictures > 0) notes.push(`${pictures} picture(s) could not be kept: add them again from your media library.`);
  const usable = content.slice(0, EMAIL_LIMITS.blocks - 2).map((block, index) => ({ ...block, id: uniqueId(block.id, index, [header.id, footer.id]) }));
  return { blocks: [header, ...usable, footer], recognised: false, notes };
}

const uniqueId = (id: string, index: number, taken: string[]) => (taken.includes(id) ? `${id}-${index}` : id);
