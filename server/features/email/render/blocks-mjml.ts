import type { EmailBlock, EmailBlockOf } from '../../../../src/contract/email.ts';
import { UNSUBSCRIBE_URL_TAG } from '../../../../src/contract/email.ts';
import { INK, linkColour, textOn } from './colours.ts';
import { websiteLabel, type EmailBrand } from './email-brand.ts';
import { escapeHtml } from './escape.ts';
import { sanitizeRichText } from './sanitize.ts';

/**
 * One MJML section per block. Each section carries the class `mise-b-<id>` (turned into `data-block-id` on the
 * rendered wrapper by <mj-html-attributes>), and the editable part inside carries `data-block-part`, so HTML
 * edited in the preview can be mapped back onto its block.
 */

export type BlockRenderContext = {
  brand: EmailBrand;
  /** Media id → public image URL. */
  images: Readonly<Record<string, string>>;
  /** 'preview' shows empty photo slots and buttons without a link; 'send' leaves them out. */
  mode: 'send' | 'preview';
  /** The legal footer (name, address, unsubscribe) is written once. */
  footerWritten: boolean;
};

const SURFACE = '#FFFFFF';
export const PAGE = '#F4F1EC';
const MUTED = '#6B635C';
const RULE = '#E6E1DA';

const section = (block: EmailBlock, body: string, attributes = '') =>
  `<mj-section css-class="mise-b-${block.id}" background-color="${SURFACE}" padding="0"${attributes}><mj-column>${body}</mj-column></mj-section>`;

const part = (name: string, html: string, tag = 'div', style = '') => `<${tag} data-block-part="${name}"${style ? ` style="${style}"` : ''}>${html}</${tag}>`;

function headerImage(block: EmailBlock, { brand }: BlockRenderContext): string {
  const link = brand.website ? ` href="${escapeHtml(brand.website)}"` : '';
  const alt = escapeHtml(brand.name || 'Header');
  if (brand.headerImageUrl) return section(block, `<mj-image src="${escapeHtml(brand.headerImageUrl)}" alt="${alt}"${link} padding="0" />`);
  if (brand.logoUrl) return section(block, `<mj-image src="${escapeHtml(brand.logoUrl)}" alt="${alt}"${link} width="120px" padding="24px 24px 8px" />`);
  // No picture at all: the restaurant's name on its theme colour.
  const name = escapeHtml(brand.name || ' ');
  return `<mj-section css-class="mise-b-${block.id}" background-color="${brand.theme}" padding="20px 0"><mj-column><mj-text align="center" color="${textOn(brand.theme)}" font-size="22px" font-weight="700">${name}</mj-text></mj-column></mj-section>`;
}

function heading(block: EmailBlockOf<'heading'>): string {
  const size = block.level === 1 ? '26px' : '20px';
  const tag = block.level === 1 ? 'h1' : 'h2';
  const style = `margin:0;font-size:${size};line-height:1.25;font-weight:700;color:${INK}`;
  return section(block, `<mj-text align="${block.align}" padding="20px 24px 4px">${part('text', escapeHtml(block.text), tag, style)}</mj-text>`);
}

function text(block: EmailBlockOf<'text'>, { brand }: BlockRenderContext): string {
  return section(block, `<mj-text align="${block.align}" padding="8px 24px">${part('html', inlineRichTextStyles(sanitizeRichText(block.html), brand.theme))}</mj-text>`);
}

/**
 * Mail clients drop <style> sheets unevenly (Gmail keeps some, Outlook.com others), so spacing and link colour
 * go inline. Written here rather than by MJML's juice pass, which re-parses the whole email on every render.
 * The input is sanitizer output, so each tag is `<name>` or `<name style="...">` (plus href on links).
 */
function inlineRichTextStyles(html: string, theme: string): string {
  const base: Record<string, string> = {
    p: 'margin:0 0 12px 0',
    ul: 'margin:0 0 12px 0;padding-left:24px',
    ol: 'margin:0 0 12px 0;padding-left:24px',
    li: 'margin:0 0 4px 0',
    h2: `margin:16px 0 8px 0;color:${INK};line-height:1.3;font-size:20px`,
    h3: `margin:16px 0 8px 0;color:${INK};line-height:1.3;font-size:17px`,
    blockquote: `margin:0 0 12px 0;padding-left:12px;border-left:3px solid ${theme}`,
    a: `color:${linkColour(theme)};text-decoration:underline`,
  };
  return html.replace(/<(p|ul|ol|li|h2|h3|blockquote|a)((?:\s[^>]*)?)>/g, (_match, tag: string, attributes: string) => {
    const own = /\sstyle="([^"]*)"/.exec(attributes);
    const style = own ? `${base[tag]};${own[1]}` : base[tag];
    const rest = attributes.replace(/\sstyle="[^"]*"/, '');
    return `<${tag}${rest} style="${style}">`;
  });
}

function image(block: EmailBlockOf<'image'>, context: BlockRenderContext): string {
  const src = block.media_id ? context.images[block.media_id] : undefined;
  const caption = block.caption
    ? `<mj-text align="center" font-size="13px" color="${MUTED}" padding="0 24px 8px">${part('caption', escapeHtml(block.caption))}</mj-text>`
    : '';
  if (src) return section(block, `<mj-image src="${escapeHtml(src)}" alt="${escapeHtml(block.alt)}" padding="12px 24px" border-radius="8px" fluid-on-mobile="true" />${caption}`);
  if (context.mode === 'send') return '';
  const slot = `<div style="border:2px dashed #CFC8BF;border-radius:8px;padding:56px 16px;text-align:center;color:${MUTED};font-size:14px">${escapeHtml(block.alt.startsWith('[') ? block.alt : block.alt ? `[Photo: ${block.alt}]` : '[Add a photo]')}</div>`;
  return section(block, `<mj-text padding="12px 24px">${slot}</mj-text>${caption}`);
}

function button(block: EmailBlockOf<'button'>, { brand, mode }: BlockRenderContext): string {
  const href = block.href || brand.website;
  if (!href && mode === 'send') return '';
  const fill = block.colour ?? brand.theme;
  const label = part('label', escapeHtml(block.label), 'span');
  // 48 px tall at 16 px text: an easy thumb target on a phone.
  return section(
    block,
    `<mj-button href="${escapeHtml(href || '#')}" background-color="${fill}" color="${textOn(fill)}" font-size="16px" font-weight="700" border-radius="6px" inner-padding="14px 28px" padding="16px 24px">${label}</mj-button>`,
  );
}

function divider(block: EmailBlock): string {
  return section(block, `<mj-divider border-color="${RULE}" border-width="1px" padding="16px 24px" />`);
}

function footer(block: EmailBlockOf<'footer'>, context: BlockRenderContext): string {
  const { brand } = context;
  const lines: string[] = [];
  if (block.note) lines.push(part('note', escapeHtml(block.note), 'div', 'margin-bottom:12px'));
  if (!context.footerWritten) {
    context.footerWritten = true;
    lines.push(...legalLines(brand));
  }
  return `<mj-section css-class="mise-b-${block.id}" background-color="${PAGE}" padding="8px 0 24px"><mj-column><mj-text align="center" font-size="12px" line-height="1.6" color="${MUTED}" padding="16px 24px">${lines.join('')}</mj-text></mj-column></mj-section>`;
}

/** Who sent it, where they are (a postal address is required in commercial email) and how to stop receiving it. */
function legalLines(brand: EmailBrand): string[] {
  const lines: string[] = [];
  // The header picture is at the top; the logo then signs the email here (without a header, the logo is the top).
  if (brand.headerImageUrl && brand.logoUrl) {
    lines.push(`<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name || 'Logo')}" width="64" style="display:block;margin:0 auto 8px;width:64px;max-width:64px;height:auto;border:0">`);
  }
  if (brand.name) lines.push(`<div style="font-weight:700;color:${INK}">${escapeHtml(brand.name)}</div>`);
  if (brand.location) lines.push(`<div>${escapeHtml(brand.location)}</div>`);
  if (brand.website) lines.push(`<div><a href="${escapeHtml(brand.website)}" style="color:${MUTED}">${escapeHtml(websiteLabel(brand.website))}</a></div>`);
  const who = brand.name ? `you are a customer of ${escapeHtml(brand.name)}` : 'you are one of our customers';
  lines.push(`<div style="margin-top:12px">You are receiving this email because ${who}. <a href="${UNSUBSCRIBE_URL_TAG}" style="color:${MUTED}">Unsubscribe</a></div>`);
  return lines;
}

export function blockMjml(block: EmailBlock, context: BlockRenderContext): string {
  switch (block.type) {
    case 'header_image':
      return headerImage(block, context);
    case 'heading':
      return heading(block);
    case 'text':
      return text(block, context);
    case 'image':
      return image(block, context);
    case 'button':
      return button(block, context);
    case 'divider':
      return divider(block);
    case 'footer':
      return footer(block, context);
  }
}

/** Every email ends with the legal footer, even when the owner removed the footer block. */
export function fallbackFooter(context: BlockRenderContext): string {
  if (context.footerWritten) return '';
  context.footerWritten = true;
  return `<mj-section background-color="${PAGE}" padding="8px 0 24px"><mj-column><mj-text align="center" font-size="12px" line-height="1.6" color="${MUTED}" padding="16px 24px">${legalLines(context.brand).join('')}</mj-text></mj-column></mj-section>`;
}
