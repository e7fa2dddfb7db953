import { compile } from 'html-to-text';
import type { EmailBlock, EmailContent } from '../../../../src/contract/email.ts';
import { UNSUBSCRIBE_URL_TAG } from '../../../../src/contract/email.ts';
import { websiteLabel, type EmailBrand } from './email-brand.ts';
import { escapeHtml } from './escape.ts';
import type { RenderEmailOptions } from './render-email.ts';
import { sanitizeRichText } from './sanitize.ts';

/**
 * The text/plain part. It is derived from the blocks as simple semantic HTML rather than from the rendered
 * table layout, so html-to-text sees paragraphs and links instead of nested layout cells and hidden preheaders.
 */
const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['(', ')'] } },
    { selector: 'hr', options: { length: 24 } },
  ],
});

function blockHtml(block: EmailBlock, brand: EmailBrand, options: RenderEmailOptions): string {
  switch (block.type) {
    case 'header_image':
      return brand.name ? `<p>${escapeHtml(brand.name)}</p>` : '';
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'text':
      return `<div>${sanitizeRichText(block.html)}</div>`;
    case 'image': {
      const shown = block.media_id && options.images?.[block.media_id];
      return shown && block.caption ? `<p>${escapeHtml(block.caption)}</p>` : '';
    }
    case 'button': {
      const href = block.href || brand.website;
      return href ? `<p>${escapeHtml(block.label)}: <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>` : '';
    }
    case 'divider':
      return '<hr>';
    case 'footer':
      return block.note ? `<p>${escapeHtml(block.note)}</p>` : '';
  }
}

export function emailPlainText(content: EmailContent, brand: EmailBrand, options: RenderEmailOptions = {}): string {
  const body = content.blocks.map((block) => blockHtml(block, brand, options)).join('');
  const legal = [brand.name, brand.location, brand.website && websiteLabel(brand.website)].filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const unsubscribe = `<p>Unsubscribe: ${UNSUBSCRIBE_URL_TAG}</p>`;
  return toText(`${body}<hr>${legal}${unsubscribe}`).trim();
}
