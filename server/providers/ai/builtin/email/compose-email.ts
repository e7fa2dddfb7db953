import type { TemplateCategory } from '../../../../../src/contract/email.ts';
import type { WriteEmailInput, WrittenEmail } from '../../ai-types.ts';
import { assembleEmailBlocks, type EmailParts } from '../../email-layout.ts';
import { occasionOf } from './occasion.ts';
import { GREETINGS, HOURS_NOTICE, LOCATION_LINES, PHRASES, SIGN_OFFS } from './phrases.ts';
import { parsePromptFacts, type PromptFacts } from './prompt-facts.ts';
import { createPicker, type Picker } from './seeded.ts';
import { toneOf } from './voice.ts';

/**
 * The builtin email writer: the owner's facts (parsed from the prompt, verbatim) poured into stock phrases
 * chosen for the occasion and the brand's voice. The same seed gives the same email; another seed, or an
 * `avoid` draft, gives other phrases. It cannot invent a price, date or dish: it has no words for them
 * except the owner's.
 */
export function composeEmail(input: WriteEmailInput): WrittenEmail {
  const facts = parsePromptFacts(input.prompt);
  const occasion = occasionOf(input.prompt, facts);
  const tone = toneOf(input.brand.voice);
  const hoursNotice = (occasion === 'holiday' || occasion === 'newsletter') && /\b(?:hours|closed|closing|close early)\b/i.test(input.prompt);
  const phrases = hoursNotice ? HOURS_NOTICE : PHRASES[occasion];
  const pick = createPicker(input.seed, input.prompt);
  const slots = slotValues(facts, input);
  const fill = (template: string) => fillSlots(template, slots);
  const avoid = input.avoid;
  const avoidText = avoid ? avoid.blocks.map((block) => (block.type === 'text' ? block.html : block.type === 'heading' ? block.text : '')).join(' ') : '';

  const heading = pickFilled(pick, phrases.headings, fill, avoid?.blocks.find((block) => block.type === 'heading')?.text);
  const subject = pickFilled(pick, phrases.subjects, fill, avoid?.subject, heading);
  const preheader = pickFilled(pick, phrases.preheaders, fill, avoid?.preheader, subject);
  const opener = pick.avoiding(phrases.openers[tone], (value) => avoidText.includes(escapeLike(value)));
  const factLine = pickFilled(pick, phrases.facts, fill, undefined, undefined, (value) => avoidText.includes(escapeLike(value)));
  const greeting = pick.one(GREETINGS[tone]);

  const intro = [greeting, opener, factLine];
  if (slots.location && !hoursNotice && ['promotion', 'event', 'holiday', 'reopening', 'new_menu'].includes(occasion) && pick.chance(0.6)) intro.push(fill(pick.one(LOCATION_LINES))!);

  const images = input.images.filter((image) => image.kind === 'image').slice(0, pick.chance(0.5) ? 2 : 1);
  const href = facts.link ?? '';
  const parts: EmailParts = {
    heading,
    intro,
    details: detailLines(facts, hoursNotice ? 'newsletter' : occasion, slots),
    signOff: [pick.avoiding(SIGN_OFFS[tone], (value) => avoidText.includes(escapeLike(value))), input.brand.name ? `The ${input.brand.name} team` : 'The team'],
    images: images.map((image) => ({ id: image.id, alt: image.description || facts.topic || input.brand.name || 'Photo' })),
    imageFirst: pick.chance(0.3),
    button: href || input.brand.website ? { label: buttonLabel(pick, phrases.buttons, facts, occasion, avoid), href } : null,
  };
  return { title: titleOf(input.prompt), subject, preheader, blocks: assembleEmailBlocks(parts) };
}

/** `when` is as the owner wrote it ("on June 14th"); `date` drops a leading "on" for "Save the date: June 14th". */
type Slots = Partial<Record<'topic' | 'offer' | 'when' | 'date' | 'time' | 'holiday' | 'brand' | 'location' | 'new' | 'menu', string>>;

const PROPER = /^(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|valentine|mother|father|christmas|xmas|easter|thanksgiving|halloween|st\.? patrick|cinco|july|independence|memorial|labou?r|diwali|lunar|chinese|hanukkah|ramadan|eid|boxing|black friday|new year|galentine)/i;

/** A value from the prompt used mid-sentence: "Buy one get one free" → "buy one get one free", but "Friday" stays. */
function midSentence(value: string, quoted: boolean): string {
  if (quoted || PROPER.test(value) || !/^[A-Z][a-z]/.test(value) || /\s[A-Z]/.test(value)) return value;
  return value[0]!.toLowerCase() + value.slice(1);
}

function slotValues(facts: PromptFacts, input: WriteEmailInput): Slots {
  const quoted = /"|“/.test(input.prompt) && facts.topic !== null && input.prompt.includes(facts.topic);
  const topicQuoted = quoted && new RegExp(`["“]${escapeRegExp(facts.topic!)}["”]`).test(input.prompt);
  return {
    topic: facts.topic ? midSentence(facts.topic, topicQuoted) : undefined,
    offer: facts.offers[0] ? midSentence(facts.offers[0], false) : undefined,
    when: facts.when.length > 0 ? facts.when.slice(0, 2).join(', ') : undefined,
    date: facts.when.length > 0 ? facts.when.slice(0, 2).join(', ').replace(/^on\s+/i, '') : undefined,
    time: facts.times[0],
    holiday: facts.holidays[0],
    brand: input.brand.name || undefined,
    location: input.brand.location || undefined,
    new: /\bnew\b/i.test(input.prompt) ? 'new' : undefined,
    menu: facts.topic && /\bmenu$/i.test(facts.topic) ? midSentence(facts.topic, false).replace(/^our\s+/i, '') : undefined,
  };
}

/** The template with its slots filled and its first letter capitalised; null when a slot is unknown. */
function fillSlots(template: string, slots: Slots): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_match, name: keyof Slots) => {
    const value = slots[name];
    if (!value) missing = true;
    return value ?? '';
  });
  if (missing) return null;
  const tidy = text.replace(/\s+/g, ' ').replace(/\s+([,.:!?])/g, '$1').trim();
  return tidy[0]!.toUpperCase() + tidy.slice(1);
}

/** A seeded choice among the templates whose facts are known, not equal to `avoid` nor `differentFrom`. */
function pickFilled(pick: Picker, templates: string[], fill: (template: string) => string | null, avoid?: string, differentFrom?: string, reject?: (value: string) => boolean): string {
  const usable = templates.map(fill).filter((value): value is string => value !== null && value !== differentFrom);
  // Fuller phrases (more facts) first: the seed chooses among the best few, so variety never costs facts.
  const ranked = [...new Set(usable)].slice(0, Math.max(3, Math.ceil(usable.length / 2)));
  // Every list ends with phrases that need no facts, so `usable` is never empty for the shipped phrases.
  if (usable.length === 0) return '';
  return pick.avoiding(ranked, (value) => value === avoid || (reject?.(value) ?? false));
}

function buttonLabel(pick: Picker, labels: string[], facts: PromptFacts, occasion: TemplateCategory, avoid?: WrittenEmail): string {
  const previous = avoid?.blocks.find((block) => block.type === 'button');
  const preferred = facts.wants === 'order' ? ['Order now', ...labels] : facts.wants === 'book' && occasion !== 'feedback' ? ['Book a table', ...labels] : labels;
  const choices = facts.wants ? preferred.slice(0, 2) : preferred;
  return pick.avoiding(choices, (value) => previous?.type === 'button' && previous.label === value);
}

function detailLines(facts: PromptFacts, occasion: TemplateCategory, slots: Slots): string[] {
  const lines: string[] = [];
  if (facts.topic && !['feedback', 'newsletter', 'reopening'].includes(occasion)) lines.push(`**What:** ${capitalise(facts.topic)}`);
  // A bare amount ("$55", "$39 per person") is a price, not a deal.
  const label = facts.offers.every((offer) => /^(?:only |just )?[$€£]\s?\d/i.test(offer) && !/\boff\b/i.test(offer)) ? 'Price' : occasion === 'loyalty' ? 'Reward' : 'Offer';
  if (facts.offers.length > 0) lines.push(`**${label}:** ${capitalise(facts.offers.join(', '))}`);
  if (facts.holidays.length > 0 && occasion === 'holiday') lines.push(`**Occasion:** ${facts.holidays.join(', ')}`);
  if (facts.when.length > 0) lines.push(`**When:** ${capitalise(facts.when.join(', ').replace(/^on\s+/i, ''))}`);
  if (facts.times.length > 0) lines.push(`**Time:** ${facts.times.join(', ').replace(/^at\s+/i, '')}`);
  if (slots.location && occasion === 'event') lines.push(`**Where:** ${slots.location}`);
  lines.push(...facts.details.map((detail) => capitalise(detail)));
  // One line says nothing a sentence has not already said.
  return lines.length >= 2 || facts.details.length > 0 ? lines : [];
}

/** The draft's name in the list: the owner's own words, shortened. */
function titleOf(prompt: string): string {
  const words = prompt.replace(/\bhttps?:\/\/\S+/gi, '').replace(/\s+/g, ' ').replace(/[\s,;:]+$/, '').trim();
  const short = words.length <= 60 ? words : `${words.slice(0, 59).replace(/\s+\S*$/, '')}…`;
  return capitalise(short) || 'Email draft';
}

const capitalise = (value: string) => (value ? value[0]!.toUpperCase() + value.slice(1) : value);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How a phrase appears inside block HTML (the layout escapes it). */
const escapeLike = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
