/**
 * Reads the owner's prompt ("Friday fish tacos, 2 for $12, this week only") into facts the composer may
 * state. Every fact is a verbatim piece of the prompt (case kept), so whatever the email says about
 * prices, days and dishes was said by the owner first.
 */

export type PromptFacts = {
  /** What the email is about, e.g. "fish tacos" or "live jazz"; null when only an occasion was given. */
  topic: string | null;
  /** Deals: "2 for $12", "20% off", "half price", "free dessert with every main". */
  offers: string[];
  /** Days, dates and spans: "this Friday", "this week only", "June 14th", "until Sunday". */
  when: string[];
  /** Clock times: "5-7pm", "from 6pm". */
  times: string[];
  /** Named holidays: "Valentine's Day", "Christmas". */
  holidays: string[];
  /** A link the owner gave (booking page, review page). */
  link: string | null;
  /** Other short clauses kept as given ("no cover", "kids eat free"): shown as details, never rephrased. */
  details: string[];
  /** The prompt limits the offer ("only", "limited", "while it lasts"): the email may say so. */
  limited: boolean;
  /** The prompt asks for bookings, or for orders (changes the button). */
  wants: 'book' | 'order' | null;
};

const DAY = '(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?';
const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)?';
const MONEY = '[$€£]\\s?\\d+(?:[.,]\\d{2})?';
const CLOCK = '\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)?';
const PART_OF_DAY = '(?:\\s+(?:night|evening|morning|lunch(?:time)?|brunch|afternoon|dinner))?';

export const HOLIDAY_PATTERN = new RegExp(
  [
    "valentine'?s?(?: day)?", "mother'?s day", "father'?s day", "new year(?:'?s)?(?: eve| day)?", 'christmas(?: eve| day)?', 'xmas', 'easter(?: sunday| weekend)?',
    'thanksgiving', 'halloween', "st\\.? patrick'?s day", 'cinco de mayo', 'july 4th', 'fourth of july', 'independence day', 'memorial day',
    'labou?r day', 'diwali', 'lunar new year', 'chinese new year', 'hanukkah', 'ramadan', 'eid', 'boxing day', 'black friday', "galentine'?s(?: day)?",
  ]
    .map((name) => `\\b${name}\\b`)
    .join('|'),
  'gi',
);

/** Order matters: the longer, more specific pattern claims its words first. */
const OFFER_PATTERNS = [
  new RegExp(`\\b\\d+\\s*(?:for|x)\\s*${MONEY}`, 'gi'),
  new RegExp(`${MONEY}\\s*off(?:\\s+(?:any|all|every|your)\\s+[a-z]+)?`, 'gi'),
  /\b\d{1,3}\s*(?:%|percent)\s*off(?:\s+(?:any|all|every|your)\s+[a-z]+)?/gi,
  /\b(?:2|two)[- ]for[- ](?:1|one)\b/gi,
  /\bbuy one,? get one(?: (?:free|half[- ]price))?|\bbogo\b/gi,
  /\bhalf[- ]price(?:\s+[a-z]+)?\b/gi,
  /\bkids (?:eat|drink) free\b/gi,
  /\b(?:a |one )?free\s+(?!every\b|on\b|this\b|next\b|all\b)[a-z]+(?:\s+(?:with|for)\s+(?:every|any|each|your)\s+[a-z]+)?/gi,
  new RegExp(`\\b(?:only|just)\\s+${MONEY}(?:\\s+(?:each|a head|per person|pp))?`, 'gi'),
  new RegExp(`${MONEY}(?:\\s+(?:each|a head|per person|pp))?`, 'gi'),
  /\b\d{1,3}\s*(?:%|percent)\b/gi,
];

const WHEN_PATTERNS = [
  new RegExp(`\\b(?:until|till|through|thru|ends?|ending|before|by)\\s+(?:${DAY}|${MONTH}\\s+${ORDINAL}|${ORDINAL}\\s+${MONTH}|the end of the (?:week|month))\\b`, 'gi'),
  new RegExp(`\\b(?:from|between)\\s+${DAY}\\s+(?:to|until|till|through|thru|and|-)\\s+${DAY}\\b`, 'gi'),
  new RegExp(`\\b(?:${DAY}|${ORDINAL})\\s*(?:-|–|to|until|till|through)\\s*(?:${DAY})\\b`, 'gi'),
  new RegExp(`\\b(?:on\\s+)?(?:${DAY},?\\s+)?(?:${MONTH}\\s+${ORDINAL}|${ORDINAL}\\s+(?:of\\s+)?${MONTH})\\b(?:,?\\s+\\d{4})?`, 'gi'),
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g,
  new RegExp(`\\b(?:this|next|every|on|each|all day)\\s+${DAY}${PART_OF_DAY}\\b`, 'gi'),
  /\b(?:this|next|all)\s+(?:week(?:end)?|month)(?:\s+only)?\b/gi,
  /\b(?:tonight|today|tomorrow(?: night)?|this (?:evening|afternoon|morning))(?:\s+only)?\b/gi,
  /\bweekends?(?:\s+only)?\b/gi,
  /\b(?:while (?:stocks?|supplies|it) lasts?|limited time(?: only)?|for a limited time|one (?:night|day) only)\b/gi,
  new RegExp(`\\b${DAY}${PART_OF_DAY}\\b`, 'gi'),
];

const TIME_PATTERNS = [
  new RegExp(`\\b(?:from\\s+)?${CLOCK}\\s*(?:-|–|to|until|till)\\s*${CLOCK}`, 'gi'),
  /\b(?:from|at|after|before|until|till)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b/gi,
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/gi,
  /\b(?:noon|midnight)\b/gi,
];

const LINK_PATTERN = /\bhttps?:\/\/[^\s,;)]+|\b(?:www\.)?[a-z0-9-]+\.(?:com|net|org|co|io|us|uk|ca|au|menu|restaurant|cafe|bar)(?:\/[^\s,;)]*)?/gi;

/** Words that say what to write rather than what to say ("write an email about our ..."). */
const INSTRUCTION =
  /^(?:(?:please\s+)?(?:write|draft|create|make|send|compose)\s+(?:an?\s+|the\s+)?(?:email|newsletter|message|campaign|note|promo)?\s*(?:to\s+(?:our\s+)?(?:customers|guests|regulars|everyone)\s*)?(?:about|for|on|announcing|telling)?\s*|(?:email|newsletter|promo|promotion|campaign)\s*(?:about|for|on)?\s*|(?:tell|let)\s+(?:our\s+)?(?:customers|guests|people|everyone|them)\s+(?:know\s+)?(?:about|that)?\s*|ask\s+(?:our\s+)?(?:customers|guests|people|everyone|them)\s+(?:for|to)\s+|(?:announce|announcing|promote|promoting|introduce|introducing)\s+)/i;
const LEADING_FILLER = /^(?:(?:our|the|a|an|we|we're|we are|we have|we've got|there is|there's|it's|and|with|plus|also|new:|special:)\s+)+/i;
const TRAILING_FILLER = /\s+(?:is|are|will be|on|at|for|from|in|by|launching|launches|starting|starts|begins|available|returns|with|and)$/i;
/** Clauses that only tell the reader (or us) what to click: the button covers them. */
const CALL_TO_ACTION = /^(?:order|book|reserve|call|link|website|click|visit|rsvp|email)\b[\w\s]{0,20}$/i;
const LIMITED = /\b(?:only|limited|while (?:stocks?|supplies|it) lasts?|last chance|one (?:night|day) only)\b/i;

type Found = { start: number; end: number; text: string; kind: 'offer' | 'when' | 'time' | 'holiday' | 'link' | 'quoted' };

/** Every fact in `clause`, each character claimed once (patterns listed first win). */
function factsIn(clause: string): Found[] {
  const taken: boolean[] = Array.from({ length: clause.length }, () => false);
  const found: Found[] = [];
  const groups: [Found['kind'], RegExp[]][] = [
    ['quoted', [/"([^"]{2,60})"/g]],
    ['link', [LINK_PATTERN]],
    ['holiday', [HOLIDAY_PATTERN]],
    ['time', TIME_PATTERNS],
    ['offer', OFFER_PATTERNS],
    ['when', WHEN_PATTERNS],
  ];
  for (const [kind, patterns] of groups) {
    for (const pattern of patterns) {
      for (const match of clause.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        if (!match[0].trim() || taken.slice(start, end).some(Boolean)) continue;
        for (let i = start; i < end; i++) taken[i] = true;
        found.push({ start, end, text: match[0].trim(), kind });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const unique = (values: string[]) => [...new Map(values.map((value) => [value.toLowerCase(), value])).values()];
const clean = (value: string) => value.replace(/\s+/g, ' ').replace(/^[\s,.;:!?-]+|[\s,.;:!?-]+$/g, '').trim();

function stripFiller(value: string): string {
  let current = clean(value.replace(INSTRUCTION, '')).replace(LEADING_FILLER, '');
  for (let previous = ''; previous !== current; ) {
    previous = current;
    current = clean(current.replace(TRAILING_FILLER, ''));
  }
  return current;
}

/** A clause's words with its facts cut off its ends; null when a fact sits in the middle (then the clause is a detail). */
function remainderOf(clause: string, found: Found[]): string | null {
  let start = 0;
  let end = clause.length;
  const inner = found;
  for (const fact of inner) if (!clause.slice(start, fact.start).trim() || /^[\s\W]*$/.test(clause.slice(start, fact.start))) start = fact.end;
  for (const fact of [...inner].reverse()) if (fact.end <= end && /^[\s\W]*(?:only)?[\s\W]*$/i.test(clause.slice(fact.end, end))) end = Math.min(end, fact.start);
  const middle = clause.slice(start, Math.max(start, end));
  if (inner.some((fact) => fact.start >= start && fact.end <= end && end > start)) return null;
  return stripFiller(middle);
}

export function parsePromptFacts(prompt: string): PromptFacts {
  const text = prompt.replace(/[‘’`´]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
  const clauses = text.split(/[,;!?\n()]|[.:](?=\s|$)|\s[-–—]\s/).map(clean).filter(Boolean);
  const facts = { offers: [] as string[], when: [] as string[], times: [] as string[], holidays: [] as string[], links: [] as string[], quoted: [] as string[] };
  const details: string[] = [];
  let topic: string | null = null;

  clauses.forEach((clause) => {
    const found = factsIn(clause);
    for (const fact of found) if (fact.kind === 'link') facts.links.push(fact.text.replace(/\.+$/, ''));
    for (const fact of found) if (fact.kind === 'quoted') facts.quoted.push(fact.text.replace(/"/g, ''));
    for (const fact of found) if (fact.kind === 'holiday') facts.holidays.push(fact.text);
    const rest = remainderOf(clause, found);
    const words = rest?.split(' ').filter(Boolean).length ?? 0;
    const noun = rest !== null && words > 0 && words <= 6 && /[a-z]{3,}/i.test(rest) && !CALL_TO_ACTION.test(rest);
    if (rest !== null && CALL_TO_ACTION.test(rest)) {
      // "book by Feb 10th": a deadline, not the day of the offer, so its date stays inside the clause.
      if (found.some((fact) => fact.kind !== 'link')) details.push(clause);
      return;
    }
    if (rest !== null && (words === 0 || !/[a-z]{3,}/i.test(rest) || (noun && topic === null))) {
      // A clause of facts (and perhaps the topic): its facts may be used on their own.
      for (const fact of found) if (fact.kind === 'offer') facts.offers.push(fact.text);
      for (const fact of found) if (fact.kind === 'when') facts.when.push(fact.text);
      for (const fact of found) if (fact.kind === 'time') facts.times.push(fact.text);
      if (noun && topic === null) topic = rest;
      return;
    }
    // Anything else is kept whole, in the owner's words, as a detail line.
    const detail = stripFiller(clause);
    if (/[a-z]{3,}/i.test(detail) && detail.split(' ').length <= 14) details.push(clause.replace(INSTRUCTION, ''));
  });

  const link = facts.links[0] ? (/^https?:\/\//i.test(facts.links[0]) ? facts.links[0] : `https://${facts.links[0]}`) : null;
  const wants = /\b(?:order|delivery|takeaway|take-away|takeout|pick[- ]?up|to go)\b/i.test(text) ? 'order' : /\b(?:book|reserve|reservation|table)/i.test(text) ? 'book' : null;
  return {
    topic: facts.quoted[0] ?? topic,
    offers: unique(facts.offers),
    when: unique(facts.when),
    times: unique(facts.times),
    holidays: unique(facts.holidays),
    link,
    details: unique(details.map((detail) => clean(detail).replace(/^(?:and|or|plus|also|with)\s+/i, ''))).slice(0, 5),
    limited: LIMITED.test(text),
    wants,
  };
}
