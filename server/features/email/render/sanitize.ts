import { load } from 'cheerio/slim';
import sanitizeHtml from 'sanitize-html';
import { isMergeTag, isSafeHref } from '../../../../src/contract/email.ts';

/**
 * Anything an owner types or pastes (rich text, edited previews, template HTML) passes one of these two
 * allow-lists before it is stored or rendered. Scripts, event handlers, `javascript:`/`data:` links and CSS
 * that can run or fetch (expression(), url(), @import, behavior) never survive: only the tags, attributes
 * and style values listed here do.
 */

/** A CSS value made of words, numbers, units, #hex, commas, quotes and rgb() only: nothing that can call or fetch. */
const SAFE_CSS_VALUE = /^(?![\s\S]*(?:url|expression|javascript|vbscript|behavior|binding|@import|\\|\/\*))(?:[#\w\s.,%'"+-]|rgba?\([\d\s.,%]+\))*$/i;
const COLOUR_VALUE = /^(?:#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

const RICH_TEXT_STYLES = {
  color: [COLOUR_VALUE],
  'background-color': [COLOUR_VALUE],
  'text-align': [/^(?:left|right|center|justify)$/],
  'font-weight': [/^(?:bold|normal|[1-9]00)$/],
  'font-style': [/^(?:italic|normal)$/],
  'text-decoration': [/^(?:underline|line-through|none)$/],
};

/** Quill's alignment classes become inline styles, which mail clients keep. */
function quillAlignment(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const align = /\bql-align-(center|right|justify)\b/.exec(attribs.class ?? '')?.[1];
  if (!align) return attribs;
  const style = [attribs.style, `text-align: ${align}`].filter(Boolean).join('; ');
  return { ...attribs, style };
}

/** Links must leave the email somewhere real: https/http, mailto:, tel: or a merge tag; bare domains get https://. */
function linkTarget(href: string | undefined): string | undefined {
  const value = (href ?? '').trim();
  if (!value) return undefined;
  if (isMergeTag(value) || isSafeHref(value)) return value;
  if (/^[\w-]+(\.[\w-]+)+(?:[/?#]\S*)?$/.test(value) && isSafeHref(`https://${value}`)) return `https://${value}`;
  return undefined;
}

const withSafeHref = (tagName: string, attribs: sanitizeHtml.Attributes) => {
  const { href, ...rest } = attribs;
  const target = linkTarget(href);
  return { tagName, attribs: target ? { ...rest, href: target } : rest };
};

/** Text whose content must go with its tag, not be shown as loose text. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'xml', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'select', 'button'];

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'span', 'blockquote', 'h2', 'h3'],
  allowedAttributes: { a: ['href', 'title'], '*': ['style'] },
  allowedStyles: { '*': RICH_TEXT_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: quillAlignment(attribs) }),
    a: (tagName, attribs) => withSafeHref(tagName, quillAlignment(attribs)),
  },
  // Quill's list-marker spans carry no text; an empty span is noise.
  exclusiveFilter: (frame) => frame.tag === 'span' && !frame.text.trim(),
};

/**
 * Rich text of a text block (what react-quill-new produces). Quill 2 writes every list as <ol> with
 * data-list="bullet|ordered" on each item; those become real <ul>/<ol> first, since mail clients only
 * understand the real ones.
 */
export function sanitizeRichText(html: string): string {
  const known = recent.get(html);
  if (known !== undefined) return known;
  const semantic = html.includes('data-list=') ? quillListsToSemantic(html) : html;
  const clean = sanitizeHtml(semantic, RICH_TEXT_OPTIONS).trim();
  // A render sanitizes each text block for the HTML and again for the plain-text part; remember a few.
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(html, clean);
  return clean;
}

const RECENT_MAX = 64;
const recent = new Map<string, string>();

function quillListsToSemantic(html: string): string {
  const $ = load(html, null, false);
  $('ol').each((_, list) => {
    const items = $(list).children('li');
    if (!items.toArray().some((item) => $(item).attr('data-list'))) return;
    const groups: { tag: 'ul' | 'ol'; items: string[] }[] = [];
    items.each((__, item) => {
      const tag = $(item).attr('data-list') === 'bullet' ? 'ul' : 'ol';
      $(item).removeAttr('data-list');
      const last = groups.at(-1);
      const markup = $.html(item);
      if (last?.tag === tag) last.items.push(markup);
      else groups.push({ tag, items: [markup] });
    });
    $(list).replaceWith(groups.map((group) => `<${group.tag}>${group.items.join('')}</${group.tag}>`).join(''));
  });
  return $.html();
}

const LAYOUT_STYLE_PROPERTIES = [
  'color', 'background-color', 'background', 'text-align', 'vertical-align', 'font-weight', 'font-style', 'font-size', 'font-family',
  'line-height', 'letter-spacing', 'text-decoration', 'text-transform', 'width', 'max-width', 'min-width', 'height', 'max-height',
  'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'padding', 'padding-top', 'padding-bottom', 'padding-left',
  'padding-right', 'border', 'border-top', 'border-bottom', 'border-left', 'border-right', 'border-radius', 'border-collapse',
  'border-spacing', 'display', 'direction', 'word-break', 'word-spacing', 'white-space', 'overflow', 'opacity',
];

const EMAIL_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...(RICH_TEXT_OPTIONS.allowedTags as string[]),
    'h1', 'h4', 'div', 'center', 'hr', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'small', 'sup', 'sub',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'role', 'data-block-id', 'data-block-type', 'data-block-part'],
    a: ['href', 'title', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': Object.fromEntries(LAYOUT_STYLE_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])) },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: quillAlignment(attribs) }),
    a: (tagName, attribs) => withSafeHref(tagName, attribs),
    // A picture without a loadable https/http source is dropped rather than shown broken.
    img: (tagName, attribs) => ({ tagName, attribs: /^https?:\/\//i.test(attribs.src ?? '') ? attribs : { ...attribs, src: '' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** A whole email body (an edited preview, pasted template HTML): table layout kept, anything active removed. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML_OPTIONS).trim();
}

/** True when rich text has nothing a reader would see (Quill's empty editor is `<p><br></p>`). */
export const isBlankRichText = (html: string) => !sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim();
