import type { SegmentDefinition } from '../../../src/contract/segments.ts';
import type { TextCategory, TextStyle } from '../../../src/contract/text.ts';

/** What a model proposes for a segment query. It is validated and then run by our own SQL, never trusted as-is. */
export type SegmentProposal = { title: string; definition: SegmentDefinition };

/** The restaurant as the text tasks see it (brand settings; text campaigns require all of them). */
export type TextBrand = { name: string; voice: string[]; description: string; location: string; website: string };

/** One turn of a text conversation: what the owner typed, or what the AI answered (a question or a draft). */
export type TextTurn = { role: 'owner'; text: string } | { role: 'assistant'; kind: 'question' | 'draft'; text: string };

export type WriteTextInput = {
  /** Oldest first; the last turn is the owner's newest message. */
  messages: TextTurn[];
  style: TextStyle;
  category: TextCategory;
  brand: TextBrand;
  /** Same input and seed, same answer (builtin); another seed, another wording. */
  seed: number;
};

/** One short clarifying question, or a draft that ends with TEXT_OPT_OUT_LINE. */
export type WriteTextResult = { kind: 'question'; question: string } | { kind: 'draft'; text: string };

/**
 * The AI provider every AI feature goes through. `builtin` is deterministic and offline; `openai` talks to
 * any OpenAI-compatible Chat Completions endpoint. Features add a task method here and implement it in both.
 */
export type AiProvider = {
  kind: 'builtin' | 'openai';
  /** null when the query cannot be understood (the caller answers with the spec's "refine the query"). */
  proposeSegment: (query: string, now: Date) => Promise<SegmentProposal | null>;
  /**
   * The text chat: asks one short question when the request lacks what a good text needs (the offer, the
   * day or time, who it is for), never twice in a row, and otherwise writes a draft in the brand's voice,
   * within one GSM-7 segment where it can, from the owner's facts only.
   */
  writeText: (input: WriteTextInput) => Promise<WriteTextResult>;
  /** Another draft for the same conversation (Regenerate): always a draft, different from the last one. */
  regenerateText: (input: WriteTextInput) => Promise<{ text: string }>;
};

export type AiErrorReason = 'timeout' | 'rate_limited' | 'unavailable' | 'bad_response' | 'refused';

/** A provider failure that is not the owner's fault (network, 5xx, 429 after retries, unusable output). */
export class AiError extends Error {
  readonly reason: AiErrorReason;
  constructor(reason: AiErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiError';
    this.reason = reason;
  }
}
