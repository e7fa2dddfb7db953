// The rule both text engines live by: a draft states no fact the owner did not give. Numbers (prices,
// percentages, times, dates), days, and words that promise something (free, half off, discount) must all
// appear in the owner's messages or the brand settings. The builtin is tested against it; the OpenAI
// provider checks every model draft with it and sends back what it invented.

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Words that state when something happens or what it costs. ("may" is left out: it is mostly a verb.) */
const FACT_WORDS = new Set([
  ...WEEKDAYS,
  ...WEEKDAYS.map((day) => `${day}s`),
  ...MONTHS,
  'today', 'tonight', 'tomorrow', 'weekend', 'noon', 'midnight',
  'free', 'half', 'bogo', 'discount', 'discounted', 'percent', 'complimentary', 'cheaper', 'price', 'prices',
]);

const words = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").match(/[a-z]+/g) ?? [];
const numbers = (text: string) => text.match(/\d+/g) ?? [];

/** What `draft` states that no source mentions: ["$", "30", "friday", "free"]. Empty when it is honest. */
export function unsupportedFacts(draft: string, sources: readonly string[]): string[] {
  const given = sources.join('\n');
  const givenNumbers = new Set(numbers(given));
  const givenWords = new Set(words(given));
  const unsupported = new Set<string>();
  for (const number of numbers(draft)) if (!givenNumbers.has(number)) unsupported.add(number);
  for (const word of words(draft)) {
    if (!FACT_WORDS.has(word) || givenWords.has(word)) continue;
    // "fridays" is supported by "friday" and the other way round.
    if (givenWords.has(word.replace(/s$/, '')) || givenWords.has(`${word}s`)) continue;
    unsupported.add(word);
  }
  for (const symbol of ['$', '%', '€', '£']) if (draft.includes(symbol) && !given.includes(symbol)) unsupported.add(symbol);
  return [...unsupported];
}
