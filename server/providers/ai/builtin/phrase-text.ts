/** Text helpers for the builtin phrase parser: normalising words, numbers, money and durations. */

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, twenty: 20, thirty: 30, forty: 40,
  fifty: 50, sixty: 60, ninety: 90, hundred: 100, dozen: 12,
};

export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
] as const;
const MONTH_ABBREVIATIONS: Record<string, string> = {
  jan: 'january', feb: 'february', mar: 'march', apr: 'april', jun: 'june', jul: 'july', aug: 'august',
  sep: 'september', sept: 'september', oct: 'october', nov: 'november', dec: 'december',
};

/**
 * Lower-cases, unifies quotes and dashes, spells numbers as digits ("three" → 3, "a couple of" → 2,
 * "$1,200" → $1200, "1.5k" → 1500) and expands month abbreviations, so the rules stay short.
 */
export function normalise(query: string): string {
  let text = ` ${query.toLowerCase()} `
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\bb-?days?\b/g, 'birthday')
    .replace(/\bbirth days?\b/g, 'birthday')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d+(?:\.\d+)?)\s?k\b/g, (_m, n: string) => String(Math.round(Number(n) * 1000)))
    .replace(/\ba couple (of )?/g, '2 ')
    .replace(/\ba few\b/g, '3')
    .replace(/\ba dozen\b/g, '12')
    .replace(/\b(once)\b/g, '1 times')
    .replace(/\b(twice)\b/g, '2 times')
    .replace(/\bthrice\b/g, '3 times');
  text = text.replace(/\b(twenty|thirty|forty|fifty|sixty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b/g, (_m, tens: string, ones: string) =>
    String(NUMBER_WORDS[tens]! + NUMBER_WORDS[ones]!),
  );
  text = text.replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|dozen)\b/g, (word) =>
    String(NUMBER_WORDS[word]),
  );
  text = text.replace(/\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?/g, (word) => MONTH_ABBREVIATIONS[word.replace('.', '')] ?? word);
  return text.replace(/[?!;:]/g, ' ').replace(/\s+/g, ' ');
}

/** "$200", "200 dollars", "200 bucks", "$49.50" (named groups `<p>a|b|c`, so one regex can hold two amounts). */
export const amountPattern = (p: string) =>
  String.raw`\$\s?(?<${p}a>\d+(?:\.\d{1,2})?)|(?<${p}b>\d+(?:\.\d{1,2})?)\s?(?:dollars|bucks|usd)\b|(?<${p}c>\d+(?:\.\d{1,2})?)`;
export const toCents = (text: string) => Math.round(Number(text) * 100);

/** "30 days", "a month", "2 weeks", "6 months", "a year" (named groups n and unit) → days. */
export const DURATION_NAMED = String.raw`(?:(?<n>\d+)|an?)\s?(?<unit>days?|weeks?|months?|years?|yrs?)`;
/** The same without names, for use inside larger patterns that may hold a named duration too. */
export const DURATION = String.raw`(?:(\d+)|an?)\s?(days?|weeks?|months?|years?|yrs?)`;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365, yr: 365 };
export function durationDays(count: string | undefined, unit: string): number {
  const singular = unit.replace(/s$/, '');
  return (count ? Number(count) : 1) * (UNIT_DAYS[singular] ?? 1);
}

/** Comparison words before an amount or count. */
export const MORE = String.raw`over|more than|above|greater than|higher than|in excess of|>`;
export const AT_LEAST = String.raw`at least|minimum of|a minimum of|no less than|>=`;
export const LESS = String.raw`under|less than|below|fewer than|lower than|<`;
export const AT_MOST = String.raw`at most|no more than|maximum of|a maximum of|up to|<=`;

export type Op = 'gt' | 'gte' | 'lt' | 'lte';
export function opOf(word: string): Op {
  const w = word.trim();
  if (new RegExp(`^(?:${AT_LEAST})$`).test(w)) return 'gte';
  if (new RegExp(`^(?:${AT_MOST})$`).test(w)) return 'lte';
  if (new RegExp(`^(?:${LESS})$`).test(w)) return 'lt';
  return 'gt';
}

/** Words that carry no condition; anything else left over means we did not understand the query. */
export const FILLER = new Set(
  (
    'customers customer people person guests guest clients client diners diner patrons patron folks folk users members ' +
    'who that which whose whom have has had having with and the a an of to in on at for from by me my our us we i ' +
    'show find list get give all any are is were was been be being them they those these their only just also but ' +
    'still ones one segment group audience everyone everybody let see want would like to please can you ' +
    'so far s total lifetime overall ever or either both who\'ve that\'ve there here now'
  ).split(/\s+/),
);
