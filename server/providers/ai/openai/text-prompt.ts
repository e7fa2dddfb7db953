import * as v from 'valibot';
import { TEXT_CATEGORIES, TEXT_LIMITS, TEXT_OPT_OUT_LINE, TEXT_STYLES } from '../../../../src/contract/text.ts';
import type { TextTurn, WriteTextInput } from '../ai-types.ts';
import type { ChatMessage } from './chat-client.ts';

/** What the model must answer in the text chat. */
export const TextReplySchema = v.variant('kind', [
  v.object({ kind: v.literal('question'), question: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)) }),
  v.object({ kind: v.literal('draft'), text: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(TEXT_LIMITS.draft)) }),
]);
export type TextReply = v.InferOutput<typeof TextReplySchema>;

/** The facts a draft may use: what the owner wrote and the brand settings (text-fact-guard.ts checks it). */
export function textSources(input: WriteTextInput): string[] {
  const category = TEXT_CATEGORIES.find((c) => c.id === input.category)!;
  const { brand } = input;
  return [...input.messages.filter((turn) => turn.role === 'owner').map((turn) => turn.text), brand.name, brand.description, brand.location, brand.website, category.title];
}

function systemPrompt(input: WriteTextInput): string {
  const category = TEXT_CATEGORIES.find((c) => c.id === input.category)!;
  const style = TEXT_STYLES.find((s) => s.id === input.style)!;
  const { brand } = input;
  return `You write SMS marketing texts that a restaurant owner sends to their guests.
Restaurant: ${brand.name}. About it: ${brand.description}. Location: ${brand.location}. Website: ${brand.website}.
Brand voice: ${brand.voice.join(', ') || 'warm'}. Style for this text: ${style.label}.
Kind of text: ${category.title} (${category.description}).

Rules:
- If the owner's request lacks what a good text needs (the offer, the day or time, or who it is for), ask ONE short question (at most 12 words) and nothing else.
- Never ask two questions in a row: if your previous message was a question, write the draft now with what you have.
- A draft starts with "${brand.name}: ", uses the brand's voice and the chosen style, and ends with exactly "${TEXT_OPT_OUT_LINE}".
- Keep a draft within 160 characters of plain GSM-7 text when you can: no emoji, no curly quotes, no long dashes.
- Be honest: use only facts the owner gave (prices, discounts, dates, days, times, dishes, drinks, anything free). Never invent one; leave out what you do not know.

Answer with one JSON object only: {"kind":"question","question":"..."} or {"kind":"draft","text":"..."}`;
}

const asAssistant = (turn: Extract<TextTurn, { role: 'assistant' }>): string =>
  JSON.stringify(turn.kind === 'question' ? { kind: 'question', question: turn.text } : { kind: 'draft', text: turn.text });

export function textMessages(input: WriteTextInput): ChatMessage[] {
  return [
    { role: 'system', content: systemPrompt(input) },
    ...input.messages.map((turn): ChatMessage => (turn.role === 'owner' ? { role: 'user', content: turn.text } : { role: 'assistant', content: asAssistant(turn) })),
  ];
}

export const DRAFT_NOW = 'Write the draft now with what you have. Do not ask another question.';

export const regenerateInstruction = (lastDraft: string | undefined) =>
  `Write a different draft for the same request now${lastDraft ? `; it must not repeat this one: "${lastDraft}"` : ''}. Do not ask a question.`;

export const honestyCorrection = (unsupported: string[]) =>
  `Your draft states ${unsupported.map((fact) => `"${fact}"`).join(', ')}, which the owner did not give. Write the draft again without inventing anything.`;
