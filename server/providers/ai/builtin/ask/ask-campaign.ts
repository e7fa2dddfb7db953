import type { QuestionParams } from '../../../../../src/contract/ask-questions.ts';
import { ASK_FILLER } from './ask-intents.ts';
import type { Scanner } from './ask-slots.ts';

/**
 * Campaign results in the owner's words: "did the taco email work?", "how did my campaigns do?", "which text
 * brought back the most sales?". The words just before the campaign noun, after the last word that only
 * frames the question ("did the", "my"), are taken as words from its name ("taco", "pumpkin soup").
 */

export type CampaignSlot = Omit<QuestionParams<'campaign_results'>, 'period'>;

const NOUN = String.raw`(e-?mails?|newsletters?|mail(?:ers?|outs?)|text messages?|texts?|sms(?:es)?|campaigns?|promos?|promotions?|blasts?)`;
const LATEST = String.raw`(?:(last|latest|most recent|newest|recent) )?`;
/** Words that say "did it work": consumed with the campaign, so they are not left over. */
const RESULT_WORDS =
  /\b(?:work(?:ed|ing|s)?|results?|perform(?:ance|ed|ing)?|land(?:ed)?|pa(?:y|id) off|effective|successful|success|(?:bring|brought|brings|bringing)(?: (?:anyone|anybody|people|guests|customers|them|any|more))?(?: (?:back|in))?|(?:more )?sales|revenue|money|made|make|earn(?:ed)?|return(?:ed|s)?|get|got|worth it)\b/;

/** Words that frame a question rather than name a campaign. */
const FRAMING = new Set([...ASK_FILLER, 'which', 'whats', 'work', 'that', 'those', 'these', 'did', 'has', 'have', 'sent', 'send']);

export function takeCampaign(s: Scanner): CampaignSlot | undefined {
  let slot: CampaignSlot | undefined;
  const m = new RegExp(String.raw`\b((?:[a-z0-9&][a-z0-9'&-]* +){0,4}?)${LATEST}${NOUN}\b`).exec(s.text);
  if (m) {
    const noun = m[3]!;
    const channel = /mail|newsletter/.test(noun) ? 'email' : /text|sms/.test(noun) ? 'sms' : undefined;
    const words = [...m[1]!.matchAll(/\S+/g)];
    let from = 0;
    words.forEach((word, i) => {
      if (FRAMING.has(word[0])) from = i + 1;
    });
    const name = words.slice(from).map((w) => w[0]).join(' ');
    const singular = !/s$/.test(noun) || noun === 'sms';
    const before = from > 0 ? words[from - 1]![0] : '';
    const results = /^ +results?\b/.test(s.text.slice(m.index + m[0].length));
    // "did my last email work?", "did the email work?": the most recent one; "my recent campaigns", "which
    // campaign…", "campaign results": the list.
    const latest = (m[2] !== undefined && (m[2] !== 'recent' || singular)) || (singular && !name && !results && /^(?:the|my|our|that|this|your)$/.test(before));
    slot = { ...(name ? { campaign: name } : {}), ...(channel ? { channel } : {}), ...(latest ? { latest: true } : {}) };
    // Blank the name and the noun only: the framing words before them are left for the other rules to read.
    const start = m.index + (from < words.length ? words[from]!.index : m[1]!.length);
    const end = m.index + m[0].length;
    s.text = s.text.slice(0, start) + ' '.repeat(end - start) + s.text.slice(end);
    // "text campaign", "email blast": the second noun says nothing more.
    s.take(/\b(?:campaigns?|blasts?|messages?)\b/, () => {});
  }
  // "what did it bring back?" without a noun still asks for campaign results.
  if (!slot && s.has(/\b(?:bring|brought|brings|bringing)(?: (?:anyone|anybody|people|guests|customers|them))? back\b/)) slot = {};
  if (slot) s.take(RESULT_WORDS, () => {});
  return slot;
}
