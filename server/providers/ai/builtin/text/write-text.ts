// The builtin text chat: a question when something a good text needs is missing (never twice in a row),
// otherwise a draft: "<Brand>: <opener> <the owner's words, framed for the kind of text> <closer> Reply
// STOP to opt out". The brand name comes first because carriers expect every marketing text to say who
// sends it. Emoji are never added: one would turn the text into UCS-2 (70 characters a segment).
import { toPlainSms } from '../../../../../src/contract/sms-plain-text.ts';
import { measureSms, SMS_LIMITS } from '../../../../../src/contract/sms-segments.ts';
import { TEXT_OPT_OUT_LINE, type TextStyle } from '../../../../../src/contract/text.ts';
import type { WriteTextInput, WriteTextResult } from '../../ai-types.ts';
import { isSpecific, missingFacts, readFacts, type TextFacts } from './text-facts.ts';
import { CATEGORY_CLOSERS, CATEGORY_WORDS, CLOSERS, FRAMES, OPENERS, questionFor, VOICE } from './text-phrases.ts';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)]!;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const calmDown = (text: string) => text.replace(/!/g, '.');

/** The owner's subject and answers as one phrase: "happy hour: $5 margaritas, weekdays 4-6pm". */
function ownerPhrase(facts: TextFacts, category: WriteTextInput['category']): string {
  const subject = facts.subject.replace(CATEGORY_WORDS[category], '').trim();
  const parts = [subject, ...facts.details.map((detail) => detail.replace(CATEGORY_WORDS[category], '').trim())].filter(isSpecific);
  return parts.join(', ');
}

/**
 * A frame's `{S}` filled in. A subject that is already a sentence ("we have live jazz Friday") follows the
 * kind's short label instead ("You're invited! We have live jazz Friday.").
 */
function frame(template: string, label: string, phrase: string): string {
  if (/^thank(?:s| you)\b/i.test(phrase)) return `${capitalise(phrase)}!`;
  const sentence = /^(?:we|we're|we've|we'll|there's|there is|there are|it's|come|join|don't|get|grab|enjoy|stop by)\b/i.test(phrase);
  const filled = sentence ? `${label} ${capitalise(phrase)}.` : capitalise(template.replace('{S}', lowerLead(phrase)));
  return filled.replace(/([.!?])[.!]$/, '$1');
}

/**
 * "Early access to…" inside a sentence reads "early access to…". Kept: acronyms (BOGO), title-cased names
 * ("Taco Tuesday", "Trivia Night"), days, months and holidays.
 */
const PROPER = /^(?:[A-Z]{2,}|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December|Thanksgiving|Christmas|Easter|Halloween|Valentine|Mother|Father|New Year|Cinco|St)\b/;
function lowerLead(phrase: string): string {
  const [first = '', second = ''] = phrase.split(' ');
  if (!/^[A-Z][a-z']*$/.test(first) || PROPER.test(phrase) || /^[A-Z]/.test(second)) return phrase;
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

type Wording = { opener: string; body: string; closer: string };

function wordings(input: WriteTextInput, facts: TextFacts, seed: number): Wording[] {
  const next = random(seed);
  const calm = input.style === 'professional' || input.style === 'elegant' || input.brand.voice.some((word) => VOICE.calm.test(word));
  const lively = input.brand.voice.some((word) => VOICE.lively.test(word));
  const style: TextStyle = lively && input.style === 'friendly' ? 'playful' : input.style;
  let phrase = ownerPhrase(facts, input.category);
  // "ask guests how their visit went" is what the feedback frame already asks.
  if (input.category === 'feedback_request' && /^(?:how|what|whether|if)\b/i.test(phrase)) phrase = '';
  const frames = FRAMES[input.category];
  const label = pick(frames.without, next);
  const body = phrase ? frame(pick(frames.with, next), label, phrase) : label;
  const closers = CATEGORY_CLOSERS[input.category]?.(input.brand.website) ?? CLOSERS[style];
  const opener = pick(OPENERS[style], next);
  const closer = pick(closers, next);
  const tidy = (text: string) => (calm ? calmDown(text) : text);
  const full = { opener: tidy(opener), body: tidy(body), closer: tidy(closer) };
  // Richest first; the first that fits one segment wins, so long subjects shed the opener, then the closer.
  return [full, { ...full, opener: '' }, { ...full, opener: '', closer: '' }];
}

function assemble(brand: string, wording: Wording): string {
  const text = [`${brand}:`, wording.opener, wording.body, wording.closer, TEXT_OPT_OUT_LINE].filter(Boolean).join(' ');
  // Curly quotes or dashes from the owner's typing would make it UCS-2; emoji they typed stay.
  return toPlainSms(text.replace(/\s+/g, ' ')).text;
}

function draft(input: WriteTextInput, facts: TextFacts, seed: number): string {
  const brand = input.brand.name.trim() || 'Us';
  const candidates = wordings(input, facts, seed).map((wording) => assemble(brand, wording));
  const limit = SMS_LIMITS['GSM-7'].single;
  const fits = candidates.filter((text) => measureSms(text).segments <= 1 && text.length <= limit);
  if (facts.shorter) return fits.at(-1) ?? candidates.at(-1)!;
  return fits[0] ?? candidates.at(-1)!;
}

const ownerTexts = (input: WriteTextInput) => input.messages.filter((turn) => turn.role === 'owner').map((turn) => turn.text);

export function writeTextBuiltin(input: WriteTextInput): WriteTextResult {
  const facts = readFacts(ownerTexts(input));
  const last = input.messages.at(-1);
  const previous = input.messages.at(-2);
  const justAnswered = last?.role === 'owner' && previous?.role === 'assistant' && previous.kind === 'question';
  const missing = missingFacts(input.category, facts);
  if (missing.length && !justAnswered) return { kind: 'question', question: questionFor(input.category, missing) };
  return { kind: 'draft', text: draft(input, facts, input.seed) };
}

/** Another wording of the same facts: seeds are tried in turn until the text differs from the last draft. */
export function regenerateTextBuiltin(input: WriteTextInput): { text: string } {
  const facts = readFacts(ownerTexts(input));
  const lastDraft = input.messages.findLast((turn) => turn.role === 'assistant' && turn.kind === 'draft')?.text;
  let text = draft(input, facts, input.seed);
  for (let step = 1; step < 24 && text === lastDraft; step++) text = draft(input, facts, input.seed + step * 7919);
  return { text };
}
