// Reads what the owner gave in their own words: the request itself (cleaned into the text's subject),
// answers to a question (details), and whether an offer, a day or time, a specific subject and a clear
// audience are there. Nothing is looked up or made up: a draft is built from these words only.
import type { TextCategory } from '../../../../../src/contract/text.ts';

export type TextFacts = {
  /** The first request without "write a text about…", in the restaurant's voice; '' when it says nothing specific. */
  subject: string;
  /** Later answers, cleaned the same way. */
  details: string[];
  hasOffer: boolean;
  hasWhen: boolean;
  hasWhat: boolean;
  vagueAudience: boolean;
  /** The owner asked for a shorter text. */
  shorter: boolean;
};

const OFFER = new RegExp(
  [
    String.raw`\d+\s?%`, String.raw`\$\s?\d`, String.raw`\d+\s?(?:dollars|bucks)\b`, String.raw`\bhalf[- ](?:off|price)`,
    String.raw`\bfree\b`, String.raw`\bbogo\b`, String.raw`\bbuy \w+,? get \w+`, String.raw`\b\d+[- ]for[- ]\d+\b`, String.raw`\btwo[- ]for[- ]one\b`,
    String.raw`\bdiscount`, String.raw`\b\d+ off\b`, String.raw`\bon the house\b`, String.raw`\bcomplimentary\b`, String.raw`\b(?:double |bonus )?points?\b`,
    String.raw`\bstamps?\b`, String.raw`\brewards?\b`, String.raw`\bgift\b`, String.raw`\bearly access\b`, String.raw`\bfirst (?:look|taste|dibs)\b`,
    String.raw`\bsneak peek\b`, String.raw`\bpreview\b`, String.raw`\bprivate\b`, String.raw`\bexclusive\b`, String.raw`\bmembers?[- ]only\b`,
  ].join('|'),
  'i',
);

const WHEN = new RegExp(
  [
    String.raw`\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b`, String.raw`\b(?:today|tonight|tomorrow|weekend|weekdays?|daily|noon|midnight)\b`,
    String.raw`\bthis (?:week|month|morning|afternoon|evening|season|spring|summer|fall|autumn|winter)\b`, String.raw`\bnext (?:week|month)\b`,
    String.raw`\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b`, String.raw`\b\d{1,2}\s?-\s?\d{1,2}\b`, String.raw`\b\d{1,2}/\d{1,2}\b`, String.raw`\b\d{1,2}(?:st|nd|rd|th)\b`,
    String.raw`\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b`,
    String.raw`\b(?:until|till|til|through|thru|ends?|ending|starting|from) (?:close|closing|\d|the \d|mon|tue|wed|thu|fri|sat|sun|next|this|tomorrow|tonight|midnight|noon)`,
    String.raw`\ball (?:day|week|month|weekend|season|summer|winter)\b`, String.raw`\b(?:lunch|dinner|brunch|breakfast)\b`,
    String.raw`\b(?:christmas|thanksgiving|easter|halloween|new year'?s?|valentine'?s?|mother'?s day|father'?s day|independence day|labor day|memorial day|cinco de mayo)\b`,
    String.raw`\bat \d{1,2}\b`,
  ].join('|'),
  'i',
);

const VAGUE_AUDIENCE = /\b(?:some|certain|specific|select(?:ed)?|a few|particular) (?:of )?(?:my |our |the )?(?:customers|guests|people|clients|diners)\b/i;

/** Words that name no specific thing: a subject made only of these says nothing yet. */
const GENERIC = new Set(
  (
    'a an the our my some any this that these those for about to of on and or with it its something anything stuff text sms message ' +
    'messages campaign blast promo promotion promotions sale sales flash special specials offer offers deal deals discount event events ' +
    'party night new item items dish dishes menu arrival arrivals thing things happy hour limited time seasonal season vip vips access ' +
    'exclusive loyalty program reminder reminders feedback review reviews order orders customer customers guest guests people everyone ' +
    'appreciation thanks thank you please invitation invite upcoming great nice fun cool good quick short today tonight week weekend'
  ).split(' '),
);

const LEADS: RegExp[] = [
  /^(?:hi|hey|hello|ok|okay|so|alright)\b[,!.]?\s*/i,
  /^(?:please|pls|can you|could you|would you|will you|i want you to|i'd like you to|help me)\s+/i,
  /^(?:i (?:want|need|would like) to|i'd like to|i'm looking to|we (?:want|need|would like) to|we'd like to|let's|lets)\s+/i,
  /^(?:write|create|make|draft|send(?: out)?|compose|generate|prepare|put together|come up with|do)\s+(?:me |us )?(?:a |an |the |some |one )?(?:(?:short|quick|fun|catchy|nice|simple|sms|text|promo(?:tional)?|marketing|friendly)\s+)*(?:text|sms|message|campaign|blast|promo|promotion|note|announcement)s?\b[,:]?\s*(?:(?:about|for|on|regarding|to announce|announcing|that says|saying|to promote|promoting)\s+)?/i,
  /^(?:promote|announce|advertise|share|mention|highlight)\s+/i,
];
/** "tell our customers that…", "let everyone know about…": indirect speech, so "they" below means the guest. */
const TELL = /^(?:tell|let|remind|invite|notify|inform|text|message|ask)\s+(?:all\s+)?(?:(?:my|our|the)\s+)?(?:customers|guests|clients|patrons|people|everyone|everybody|followers|subscribers|diners|regulars|members|loyalty members|vips|them)?\s*(?:know\s+)?(?:that\s+|about\s+|of\s+|to\s+)?/i;

const THANKS = /^thank\s+(?:all\s+)?(?:(?:my|our|the)\s+)?(?:customers|guests|clients|patrons|people|everyone|everybody|regulars|diners)\s*/i;

const REVISION = /^(?:make it |can you make it |a bit |slightly )?(?:shorter|more (?:fun|playful|formal|professional|urgent|elegant|casual)|less \w+|try again|another one|again|redo|rewrite)\b/i;
const DISMISSIVE =
  /^(?:no|nope|nah|skip|idk|i don'?t know|don'?t know|not sure|no idea|none|nothing|tbd|later|you (?:choose|decide|pick)|surprise me|just write it|whatever|up to you|doesn'?t matter)(?:\W+(?:yet|really|sorry|thanks|lol|either))*\W*$/i;

/** Owner's words in the restaurant's voice: "my" → "our", "I'm" → "we're"; "they" → "you" in indirect speech. */
function restaurantVoice(text: string, indirect: boolean): string {
  let result = text
    .replace(/\bI'm\b/gi, "we're")
    .replace(/\bI am\b/gi, 'we are')
    .replace(/\bI've\b/gi, "we've")
    .replace(/\bI'll\b/gi, "we'll")
    .replace(/\bI\b/g, 'we')
    .replace(/\bmy\b/gi, 'our')
    .replace(/\bmine\b/gi, 'ours');
  if (indirect) result = result.replace(/\bthey're\b/gi, "you're").replace(/\bthey\b/gi, 'you').replace(/\bthem\b/gi, 'you').replace(/\btheir\b/gi, 'your');
  return result;
}

/** "Write a text about our new brisket tacos!" → "our new brisket tacos". */
export function cleanRequest(raw: string): string {
  let text = raw.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
  for (let round = 0; round < 3; round++) for (const lead of LEADS) text = text.replace(lead, '');
  // "thank our guests for their support" is said to the guests: "thank you for your support".
  const thanks = THANKS.test(text);
  text = text.replace(THANKS, 'thank you ');
  const indirect = thanks || TELL.test(text);
  text = text.replace(TELL, '');
  text = restaurantVoice(text, indirect);
  return text
    .replace(/[\s,]+(?:please|pls|plz|thanks|thank you|thx)[\s.!]*$/i, '')
    .replace(/^[\s,:;.-]+/, '')
    .replace(/[\s,;:.!]+$/, '')
    .trim();
}

export const isSpecific = (text: string) => (text.toLowerCase().match(/[a-z0-9$%']+/g) ?? []).some((word) => !GENERIC.has(word));

export function readFacts(ownerMessages: readonly string[]): TextFacts {
  const content = ownerMessages.filter((message) => !REVISION.test(message.trim()) && !DISMISSIVE.test(message.trim()));
  const [first = '', ...rest] = content;
  const all = content.join('\n');
  const subject = cleanRequest(first);
  return {
    subject: isSpecific(subject) ? subject : '',
    details: rest.map(cleanRequest).filter(Boolean),
    hasOffer: OFFER.test(all),
    hasWhen: WHEN.test(all),
    hasWhat: content.some((message) => isSpecific(cleanRequest(message))),
    vagueAudience: VAGUE_AUDIENCE.test(all),
    shorter: ownerMessages.some((message) => /\bshorter\b/i.test(message)),
  };
}

type Need = 'offer' | 'when' | 'what';

/** What a good text of each kind cannot do without (customer appreciation and feedback need nothing). */
const NEEDS: Record<TextCategory, Need[]> = {
  flash_sale: ['offer', 'when'],
  new_arrival: ['what'],
  limited_time_offer: ['offer', 'when'],
  event_invitation: ['what', 'when'],
  loyalty_reminder: ['offer'],
  vip_access: ['offer'],
  seasonal_special: ['what'],
  customer_appreciation: [],
  happy_hour: ['offer', 'when'],
  order_reminder: ['when'],
  feedback_request: [],
};

export type Missing = Need | 'audience';

export function missingFacts(category: TextCategory, facts: TextFacts): Missing[] {
  const has: Record<Need, boolean> = { offer: facts.hasOffer, when: facts.hasWhen, what: facts.hasWhat };
  const missing: Missing[] = NEEDS[category].filter((need) => !has[need]);
  if (facts.vagueAudience) missing.push('audience');
  return missing;
}
