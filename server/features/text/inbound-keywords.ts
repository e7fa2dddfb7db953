// What a guest's reply to a text means for their consent. Twilio already honours the standard keywords
// (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT...) by blocking the sender; Mise records consent itself and
// also hears plain words ("please stop texting me", "take me off", "wrong number", "ya no me manden
// mensajes"), since a guest who asks in their own words has withdrawn consent too (FCC: revocation "by any
// reasonable means"). Short words that are also ordinary words (end, cancel, para, alto, baja, yes) count
// only when they are the whole reply, so "see you at the end of the week" or "una mesa para dos" are
// replies, not keywords.

export type InboundIntent = 'opt_out' | 'opt_in' | 'help' | 'none';

export type InboundClassification = {
  intent: InboundIntent;
  /** The words that decided it (kept with the consent change as its proof), null for `none`. */
  matched: string | null;
};

/** Twilio's Advanced Opt-Out field, when the Messaging Service has it on. */
export type TwilioOptOutType = 'STOP' | 'START' | 'HELP';

/** Whole-reply keywords (after normalising: lower case, no accents, no punctuation). */
const OPT_OUT_KEYWORDS = new Set([
  'stop', 'stopall', 'stop all', 'unsubscribe', 'unsub', 'cancel', 'end', 'quit', 'optout', 'opt out', 'revoke', 'remove',
  'para', 'parar', 'alto', 'baja', 'cancelar', 'detener', 'no mas', 'basta',
]);
const OPT_IN_KEYWORDS = new Set(['start', 'unstop', 'yes', 'resubscribe']);
const HELP_KEYWORDS = new Set(['help', 'info', 'ayuda']);

/** Words that may surround a keyword without changing what it means ("stop please", "ok STOP"). */
const FILLER = new Set([
  'please', 'pls', 'plz', 'ok', 'okay', 'now', 'it', 'thanks', 'thank', 'you', 'thx', 'ty', 'asap', 'me', 'all', 'again',
  'texting', 'texts', 'text', 'messages', 'messaging', 'msgs', 'sms', 'por', 'favor', 'gracias', 'ya', 'already',
  'just', 'seriously', 'lol', 'omg', 'sorry',
]);

const NOT = "(?<!\\b(?:don't|dont|do not|never|can't|cant|cannot|won't|wont|not|no) )";

/** Plain-language opt-outs, matched anywhere in the reply. */
const OPT_OUT_PHRASES: RegExp[] = [
  new RegExp(`${NOT}\\bstop (?:texting|txting|messaging|sending|contacting|spamming|emailing)\\b`),
  /\b(?:don't|dont|do not|never) (?:text|message|contact|txt|sms) (?:me|us|this number)\b/,
  /\b(?:take|remove|delete|drop|unsubscribe|opt) (?:me|us|my number|this number)(?: \w+)? (?:off|from|out)\b/,
  /\btake me off\b/,
  /\bremove me\b/,
  /\bdelete (?:me|my number)\b/,
  /\bunsubscribe\b/,
  /\bopt(?: |-)?out\b/,
  /\bno more (?:texts|text messages|messages|msgs|sms)\b/,
  /\bleave me alone\b/,
  /\bwrong (?:number|person|#)\b/,
  /\bnot (?:my|the right) number\b/,
  /^(?:i'?m |i am )?not interested(?: (?:thanks|thank you|thx|sorry))?$/,
  // Spanish
  /\b(?:dar|darme|darnos) de baja\b/,
  /\bno mas (?:mensajes|textos|msjs?)\b/,
  /\b(?:ya )?no (?:me|nos) (?:manden|mande|envien|envie|escriban|escriba|mandes|envies|escribas) (?:mas )?(?:mensajes|textos|msjs?)?\b/,
  /\bdejen de (?:mandar|enviar|escribir)(?:me)?\b/,
  /\bno quiero (?:recibir )?(?:mas )?(?:mensajes|textos)\b/,
  /\bnumero equivocado\b/,
  /\b(?:borrar|borren|eliminar|eliminen|quitar|quiten|sacar|saquen)(?:me)? (?:mi numero|de (?:la|su|esta) lista)\b/,
  /\b(?:borrenme|eliminenme|quitenme|saquenme)\b/,
];

/** Lower case, accents and punctuation gone, apostrophes kept ("don't"), spaces collapsed. */
export function normalizeReply(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC`´]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A keyword alone or with only filler words around it ("stop", "STOP!!", "please stop", "stop texting"). */
function keywordWithFiller(words: string[], keywords: ReadonlySet<string>): string | null {
  for (let start = 0; start < words.length; start++) {
    for (const length of [2, 1]) {
      const candidate = words.slice(start, start + length).join(' ');
      if (length === 2 && start + 1 >= words.length) continue;
      if (!keywords.has(candidate)) continue;
      const rest = [...words.slice(0, start), ...words.slice(start + length)];
      // The same keyword repeated ("STOP STOP STOP") is still only that keyword.
      if (rest.every((word) => FILLER.has(word) || keywords.has(word))) return candidate;
    }
  }
  return null;
}

export function classifyInbound(body: string, optOutType?: TwilioOptOutType | null): InboundClassification {
  // With Advanced Opt-Out, Twilio has already decided, in the words the owner configured there.
  if (optOutType === 'STOP') return { intent: 'opt_out', matched: body.trim() || 'STOP' };
  if (optOutType === 'START') return { intent: 'opt_in', matched: body.trim() || 'START' };
  if (optOutType === 'HELP') return { intent: 'help', matched: body.trim() || 'HELP' };

  const text = normalizeReply(body);
  if (!text) return { intent: 'none', matched: null };
  const words = text.split(' ');
  // Long messages are conversations; keywords are short.
  if (words.length <= 6) {
    const optOut = keywordWithFiller(words, OPT_OUT_KEYWORDS);
    if (optOut) return { intent: 'opt_out', matched: optOut };
  }
  for (const phrase of OPT_OUT_PHRASES) {
    const match = phrase.exec(text);
    if (match) return { intent: 'opt_out', matched: match[0] };
  }
  if (words.length <= 6) {
    const optIn = keywordWithFiller(words, OPT_IN_KEYWORDS);
    if (optIn) return { intent: 'opt_in', matched: optIn };
    const help = keywordWithFiller(words, HELP_KEYWORDS);
    if (help) return { intent: 'help', matched: help };
  }
  return { intent: 'none', matched: null };
}
