// "Replace with plain characters": turns what word processors and phones put in a text (curly quotes, long
// dashes, the ellipsis, non-breaking spaces, accents GSM-7 lacks, full-width letters) into GSM-7 so a text
// costs 160-character segments instead of 70, and says plainly what it could not replace (emoji, other
// scripts), since those keep the whole message in UCS-2.
import { describeSmsCharacter, isGsm7, splitGraphemes, type SmsCharacter, type SmsCharacterKind, type SmsEncoding } from './sms-segments.ts';

/** Replacements Unicode normalisation does not give (NFKC covers full-width forms, ligatures, ™, most spaces). */
const PLAIN: Record<string, string> = {
  ...same("'", '\u2018\u2019\u201A\u201B\u2032\u0060\u00B4\uFF07\u2039\u203A\u02B9\u02BB\u02BC\u02BD\u02C8\u02CA\u02CB\u275B\u275C'),
  ...same('"', '\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u301D\u301E\uFF02\u02BA\u02EE\u275D\u275E'),
  ...same('-', '\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D\u23BC\u23BD\u2022\u2023\u25E6\u2043\u2219\u00B7'),
  ...same('*', '\u2217\u204E\u229B\u2722\u2723\u2724\u2725\u2731\u2732\u2733\u273A\u273B\u273C\u273D\u2743\u2749\u274A\u274B\u29C6'),
  ...same('|', '\u2223\u23B8\u23B9\u23D0\u239C\u239F'),
  ...same('/', '\u00F7\u2044\u2215\u29F8'),
  ...same('\\', '\u29F9\u29F5'),
  ...same('(', '\u2768\u276A\u27EE\u2985'),
  ...same(')', '\u2769\u276B\u27EF\u2986'),
  ...same(',', '\u3001\uFE11\uFE51'),
  ...same('.', '\u3002'),
  ...same(':', '\u02D0\u02F8\u2982\uA789'),
  ...same('~', '\u02DC\u02F7\u223C'),
  '\u2026': '...', '\u00D7': 'x', '\u00A9': '(c)', '\u00AE': '(R)', '\u01C3': '!', '\u204F': ';', '\uA78A': '=',
  '\u02D6': '+', '\u02C6': '^', '\u2774': '{', '\u2775': '}', '\u2017': '_',
  '\t': ' ', '\u2028': '\n', '\u2029': '\n',
  // "Fancy text" small capitals, pasted from social bios.
  ...Object.fromEntries(Array.from('ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ', (char, i) => [char, 'ABCDEFGHIJKLMNOPRSTUVWYZ'[i]!])),
  // Invisible characters that only cost units.
  ...same('', '\u200B\u200C\u200D\u2060\uFEFF\u00AD'),
};

type PlainReplacement = { from: string; to: string; count: number; kind: SmsCharacterKind };

export type PlainSmsResult = {
  text: string;
  encoding: SmsEncoding;
  /** Each distinct replaced character once, with how often it occurred. */
  replaced: PlainReplacement[];
  /** What has no plain equivalent and was left as it is (index: offset in `text`); while any remains the text stays UCS-2. */
  unreplaceable: SmsCharacter[];
};

function same(to: string, chars: string): Record<string, string> {
  return Object.fromEntries(Array.from(chars, (char) => [char, to]));
}

// Control characters other than line breaks carry nothing a guest can read.
const CONTROL = /[\p{Cc}]/u;
const plainChar = (char: string) => PLAIN[char] ?? (CONTROL.test(char) && char !== '\n' && char !== '\r' ? '' : char);
const mapEach = (text: string) => Array.from(text, plainChar).join('');
const MARKS = /\p{M}/gu;

/** The GSM-7 spelling of one grapheme, or null when there is none. */
function plainGrapheme(grapheme: string): string | null {
  const direct = mapEach(grapheme);
  if (isGsm7(direct)) return direct;
  const compatible = mapEach(grapheme.normalize('NFKC'));
  if (isGsm7(compatible)) return compatible;
  // An emoji stays an emoji: "1️⃣" is not "1".
  if (/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(grapheme)) return null;
  // Accents GSM-7 lacks (á, í, ó, ú, ç, ā...) lose the accent; a bare mark disappears.
  const stripped = mapEach(compatible.normalize('NFD').replace(MARKS, '').normalize('NFC'));
  if (!isGsm7(stripped)) return null;
  // A spacing accent such as ¨ would become a lone space: that is not a replacement.
  if (stripped.trim() === '' && grapheme.trim() !== '' && stripped !== '') return null;
  return stripped;
}

export function toPlainSms(text: string): PlainSmsResult {
  const replaced = new Map<string, PlainReplacement>();
  const unreplaceable = new Map<string, SmsCharacter>();
  let output = '';
  // NFC first so "e" + combining acute is the single é that GSM-7 has.
  for (const grapheme of splitGraphemes(text.normalize('NFC'))) {
    if (isGsm7(grapheme)) {
      output += grapheme;
    } else {
      const plain = plainGrapheme(grapheme);
      if (plain === null) {
        if (!unreplaceable.has(grapheme)) unreplaceable.set(grapheme, { ...describeSmsCharacter(grapheme, output.length), char: grapheme });
        output += grapheme;
      } else {
        output += plain;
        const entry = replaced.get(grapheme);
        if (entry) entry.count += 1;
        else replaced.set(grapheme, { from: grapheme, to: plain, count: 1, kind: describeSmsCharacter(grapheme).kind });
      }
    }
  }
  return { text: output, encoding: isGsm7(output) ? 'GSM-7' : 'UCS-2', replaced: [...replaced.values()], unreplaceable: [...unreplaceable.values()] };
}
