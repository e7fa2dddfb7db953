import type { ChartType, GraphType } from '../../../src/contract/ask-graph.ts';
import type { QuestionName } from '../../../src/contract/ask-questions.ts';
import type { SegmentDefinition } from '../../../src/contract/segments.ts';

/** What a model proposes for a segment query. It is validated and then run by our own SQL, never trusted as-is. */
export type SegmentProposal = { title: string; definition: SegmentDefinition };

/** The question answered just before, in the same conversation: what a follow-up ("and last month?") builds on. */
export type AskPrevious = { question: string; params: Record<string, unknown>; chart?: GraphType };

export type QuestionPickRequest = { text: string; previous?: AskPrevious; now: Date };

/**
 * Which named question answers the owner's words, with its parameters (unchecked: the analytics registry
 * validates them) and a chart type when the owner asked for one; or that none of them does.
 */
export type QuestionPick =
  | { question: QuestionName; params: Record<string, unknown>; chart?: ChartType }
  | { unanswerable: true; message: string; suggestions: string[] };

/**
 * The AI provider every AI feature goes through. `builtin` is deterministic and offline; `openai` talks to
 * any OpenAI-compatible Chat Completions endpoint. Features add a task method here and implement it in both.
 */
export type AiProvider = {
  kind: 'builtin' | 'openai';
  /** null when the query cannot be understood (the caller answers with the spec's "refine the query"). */
  proposeSegment: (query: string, now: Date) => Promise<SegmentProposal | null>;
  /** Ask: picks one of the named analytics questions (never SQL) for the owner's words. */
  pickQuestion: (request: QuestionPickRequest) => Promise<QuestionPick>;
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
