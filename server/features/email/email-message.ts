import { escapeHtml } from './render/escape.ts';

/**
 * A campaign email compiled once per send, filled per recipient without parsing anything again: merge tags
 * ({{first_name|there}}, {{unsubscribe_url}}), every web link turned into a signed click link, and the open
 * pixel before </body>.
 */
type Piece = string | { kind: 'first_name'; fallback: string } | { kind: 'unsubscribe' } | { kind: 'link'; url: string } | { kind: 'pixel' };

export type CompiledEmail = { html: Piece[]; text: Piece[] };

export type RecipientUrls = {
  firstName: string | null;
  unsubscribeUrl: string;
  clickUrl: (target: string) => string;
  pixelUrl: string;
};

const TAG = /\{\{\s*(first_name|unsubscribe_url)\s*(?:\|([^{}]*))?\}\}/g;
const unescapeAttribute = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function compileTags(source: string, links: boolean): Piece[] {
  const pieces: Piece[] = [];
  // Links first (only in HTML): href="https://…" of anything but a merge tag.
  const pattern = links ? /href="(https?:\/\/[^"]+)"|\{\{\s*(first_name|unsubscribe_url)\s*(?:\|([^{}]*))?\}\}/g : TAG;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    pieces.push(source.slice(last, match.index));
    if (links && match[1]) {
      pieces.push('href="', { kind: 'link', url: unescapeAttribute(match[1]) }, '"');
    } else {
      const [tag, fallback] = links ? [match[2], match[3]] : [match[1], match[2]];
      pieces.push(tag === 'first_name' ? { kind: 'first_name', fallback: fallback ?? '' } : { kind: 'unsubscribe' });
    }
    last = match.index! + match[0].length;
  }
  pieces.push(source.slice(last));
  return pieces;
}

export function compileEmail(html: string, text: string): CompiledEmail {
  const end = html.lastIndexOf('</body>');
  const withPixel = end === -1 ? [...compileTags(html, true), { kind: 'pixel' } as Piece] : [...compileTags(html.slice(0, end), true), { kind: 'pixel' } as Piece, ...compileTags(html.slice(end), true)];
  return { html: withPixel, text: compileTags(text, false) };
}

function fill(pieces: Piece[], urls: RecipientUrls, html: boolean): string {
  let out = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') out += piece;
    else if (piece.kind === 'first_name') out += html ? escapeHtml(urls.firstName || piece.fallback) : urls.firstName || piece.fallback;
    else if (piece.kind === 'unsubscribe') out += html ? escapeHtml(urls.unsubscribeUrl) : urls.unsubscribeUrl;
    else if (piece.kind === 'link') out += escapeHtml(urls.clickUrl(piece.url));
    else out += `<img src="${escapeHtml(urls.pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  }
  return out;
}

export const personalise = (email: CompiledEmail, urls: RecipientUrls) => ({ html: fill(email.html, urls, true), text: fill(email.text, urls, false) });

/** The first name as a greeting uses it: the first word, capitalised as the customer wrote it. */
export const greetingName = (givenName: string | null) => givenName?.trim().split(/\s+/)[0] ?? null;
