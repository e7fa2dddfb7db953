/**
 * A mechanical honesty check for written emails: every number (prices, percentages, times, dates), named
 * day, month, holiday and relative date in the output must also appear in what the writer was given (the
 * owner's prompt and brand). Used to send a model's draft back for repair; the builtin writer is held to the
 * same rule by its table test.
 */

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_SHORT = ['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'];
const RELATIVE = ['today', 'tonight', 'tomorrow', 'weekend', 'this week', 'next week', 'this month', 'next month', 'all week'];
const HOLIDAYS = ['christmas', 'xmas', 'easter', 'thanksgiving', 'halloween', 'valentine', 'mother', 'father', 'new year', 'patrick', 'hanukkah', 'diwali', 'ramadan', 'eid', 'cinco de mayo', 'independence', 'memorial day', 'labor day', 'labour day', 'boxing day', 'black friday', 'lunar'];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\{\{[^}]*\}\}/g, ' ');

/** Numbers as written ("12", "12.50", "7:30"): "$12" and "12 dollars" both reduce to "12". */
const numbersIn = (text: string) => [...text.matchAll(/\d+(?:[.:]\d+)?/g)].map((match) => match[0]);

/** Whole words and phrases from `list` found in `text`, allowing a plural or possessive ending. */
function termsIn(text: string, list: readonly string[]): string[] {
  return list.filter((term) => new RegExp(`\\b${term}(?:s|'s|s')?\\b`).test(text));
}

/** "may" is a month only next to a number or after "in" ("May 3", "3rd of May", "in May"), not in "you may". */
const mentionsMonth = (text: string, month: string) =>
  month === 'may' ? /\bmay\s+\d|\d(?:st|nd|rd|th)?\s+(?:of\s+)?may\b|\b(?:in|during|until|from|this|next) may\b/.test(text) : termsIn(text, [month]).length > 0;

/** What `output` states that none of `sources` gives: numbers, days, months, holidays, relative dates. */
export function unsupportedFacts(output: string, sources: readonly string[]): string[] {
  const said = normalise(output);
  const given = normalise(sources.join(' \n '));
  const givenNumbers = new Set(numbersIn(given));
  const missing: string[] = [];
  for (const number of numbersIn(said)) if (!givenNumbers.has(number)) missing.push(number);
  for (const day of termsIn(said, DAYS)) if (!termsIn(given, [day, day.slice(0, 3)]).length) missing.push(day);
  MONTHS.forEach((month, index) => {
    if (mentionsMonth(said, month) && !mentionsMonth(given, month) && !termsIn(given, [MONTH_SHORT[index] ?? month]).length) missing.push(month);
  });
  for (const term of [...RELATIVE, ...HOLIDAYS]) if (termsIn(said, [term]).length && !termsIn(given, [term]).length) missing.push(term);
  return [...new Set(missing)];
}
