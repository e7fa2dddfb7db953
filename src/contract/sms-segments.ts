// SMS segment math shared by the live counter (client) and the sending engine (server), so the owner sees
// exactly what will be billed. Pure: no imports, works wherever Intl exists.
//
// GSM-7 (3GPP TS 23.038 default alphabet): one septet a character, two for the extension table (an escape
// plus the character); 160 septets fit one SMS, 153 each once it is split (6 octets of concatenation header).
// Anything else sends the whole message as UCS-2: UTF-16 code units, 70 in one SMS, 67 each once split, so
// an emoji (a surrogate pair) counts 2. As Twilio's own calculator does (sms-segments-calculator, checked
// against it in tests/src/contract/sms-segments.test.ts), a character is never cut across two segments:
// not an escape pair, not a surrogate pair, not a grapheme such as a flag or a family emoji.

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

/** The GSM 03.38 basic table, in code order (0x1B, the escape, left out: it cannot be typed). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two septets. */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

/** Septets a single code point costs in GSM-7, or 0 when GSM-7 cannot carry it. */
function gsmSeptets(char: string): 0 | 1 | 2 {
  if (basic.has(char)) return 1;
  if (extension.has(char)) return 2;
  return 0;
}

export const isGsm7 = (text: string): boolean => {
  for (const char of text) if (!gsmSeptets(char)) return false;
  return true;
};

export type SmsCharacterKind = 'emoji' | 'curly quote' | 'dash' | 'ellipsis' | 'space' | 'invisible' | 'accented letter' | 'letter' | 'symbol';

/** A character GSM-7 cannot carry, described so the counter can say what forced UCS-2. */
export type SmsCharacter = {
  char: string;
  kind: SmsCharacterKind;
  /** 'U+2019' */
  codePoint: string;
  /** UTF-16 offset in the text (where to highlight it). */
  index: number;
};

export type SmsMeasure = {
  /** What a person counts: graphemes (an emoji with skin tone or a flag is one). */
  characters: number;
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2): what the limits count. */
  units: number;
  /** 0 for an empty text. */
  segments: number;
  /** The limit in force: 160 or 70 for one segment, 153 or 67 each once split. */
  perSegment: number;
  /** Units still free in the last segment before one more is needed. */
  remaining: number;
  /** The first character that forced UCS-2, or null for GSM-7. */
  ucs2Trigger: SmsCharacter | null;
  /** Every distinct character GSM-7 cannot carry, in order of first appearance. */
  nonGsm: SmsCharacter[];
};

const graphemeSegmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Graphemes where Intl.Segmenter exists (all current browsers and Node), else code points. */
export function splitGraphemes(text: string): string[] {
  if (!graphemeSegmenter) return Array.from(text);
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const COMBINING = /\p{M}/u;

export function describeSmsCharacter(char: string, index = 0): SmsCharacter {
  const codePoint = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return { char, kind: characterKind(char), codePoint, index };
}

function characterKind(char: string): SmsCharacterKind {
  if (EMOJI.test(char)) return 'emoji';
  if (/[\u2018-\u201F\u2032\u2033\u00AB\u00BB\u2039\u203A`\u00B4]/.test(char)) return 'curly quote';
  if (/[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/.test(char)) return 'dash';
  if (char === '\u2026') return 'ellipsis';
  // Before spaces: JavaScript's \s also matches the byte-order mark U+FEFF.
  if (/[\u200B-\u200D\u2060\uFEFF\u00AD]/.test(char) || /\p{Cf}/u.test(char) || (/\p{Cc}/u.test(char) && !/\s/.test(char))) return 'invisible';
  if (/^\s$/u.test(char)) return 'space';
  if (/\p{L}/u.test(char)) return COMBINING.test(char.normalize('NFD')) ? 'accented letter' : 'letter';
  return 'symbol';
}

/** Characters, encoding, segments and what forced UCS-2 — everything the live counter shows. */
export function measureSms(text: string): SmsMeasure {
  const nonGsm: SmsCharacter[] = [];
  const seen = new Set<string>();
  let septets = 0;
  let index = 0;
  for (const char of text) {
    const cost = gsmSeptets(char);
    septets += cost;
    if (!cost && !seen.has(char)) {
      seen.add(char);
      nonGsm.push(describeSmsCharacter(char, index));
    }
    index += char.length;
  }
  const encoding: SmsEncoding = nonGsm.length ? 'UCS-2' : 'GSM-7';
  const units = encoding === 'GSM-7' ? septets : text.length;
  const graphemes = splitGraphemes(text);
  const limits = SMS_LIMITS[encoding];
  const base = { characters: graphemes.length, encoding, units, ucs2Trigger: nonGsm[0] ?? null, nonGsm };
  if (units === 0) return { ...base, segments: 0, perSegment: limits.single, remaining: limits.single };
  if (units <= limits.single) return { ...base, segments: 1, perSegment: limits.single, remaining: limits.single - units };
  const { segments, lastFill } = packSegments(graphemes, encoding, limits.multi);
  return { ...base, segments, perSegment: limits.multi, remaining: limits.multi - lastFill };
}

/** Fills segments of `capacity` units without cutting a grapheme (one too long for a segment is cut by code point). */
function packSegments(graphemes: string[], encoding: SmsEncoding, capacity: number) {
  let segments = 1;
  let fill = 0;
  const place = (size: number) => {
    if (fill + size > capacity) {
      segments += 1;
      fill = 0;
    }
    fill += size;
  };
  for (const grapheme of graphemes) {
    const size = unitsOf(grapheme, encoding);
    if (size <= capacity) place(size);
    else for (const char of grapheme) place(unitsOf(char, encoding));
  }
  return { segments, lastFill: fill };
}

function unitsOf(text: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return text.length;
  let septets = 0;
  for (const char of text) septets += gsmSeptets(char);
  return septets;
}

/** Human label for the counter: `’ (curly quote)`, `😀 (emoji)`, `non-breaking space (U+00A0)`. */
export function smsCharacterLabel(character: SmsCharacter): string {
  if (character.kind === 'space' || character.kind === 'invisible') {
    const name = character.char === '\u00A0' ? 'non-breaking space' : character.kind === 'space' ? 'special space' : 'invisible character';
    return `${name} (${character.codePoint})`;
  }
  return `${character.char} (${character.kind})`;
}

/**
 * Estimated cost in cents of sending `segments` per recipient to `recipients`, at `pricePerSegment` dollars
 * (SMS_PRICE_PER_SEGMENT, e.g. 0.0083). Rounded up: an estimate, never what the carrier bills.
 */
export function estimateSmsCostCents(segments: number, recipients: number, pricePerSegment: number): number {
  // Work in hundredths of a cent so 0.0083 × 3 × 1000 does not pick up float noise before rounding up.
  const hundredthsOfCent = Math.round(pricePerSegment * 10_000);
  return Math.ceil((hundredthsOfCent * segments * recipients) / 100);
}
