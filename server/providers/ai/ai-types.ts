import type { EmailBlock } from '../../../src/contract/email.ts';
import type { ChartType, GraphType } from '../../../src/contract/ask-graph.ts';
import type { QuestionName } from '../../../src/contract/ask-questions.ts';
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
  /**
   * The text chat: asks one short question when the request lacks what a good text needs (the offer, the
   * day or time, who it is for), never twice in a row, and otherwise writes a draft in the brand's voice,
   * within one GSM-7 segment where it can, from the owner's facts only.
   */
  writeText: (input: WriteTextInput) => Promise<WriteTextResult>;
  /** Another draft for the same conversation (Regenerate): always a draft, different from the last one. */
  regenerateText: (input: WriteTextInput) => Promise<{ text: string }>;
  /** A campaign email from the owner's prompt and brand; never states a price, date or dish the input does not give. */
  writeEmail: (input: WriteEmailInput) => Promise<WrittenEmail>;
  /** Ask: picks one of the named analytics questions (never SQL) for the owner's words. */
  pickQuestion: (request: QuestionPickRequest) => Promise<QuestionPick>;
  /**
   * A short-video script: scenes (what is said, the caption, which of the owner's photos or clips, how long)
   * from the concept, subcategory, style and brand. Never states a price, date, day or dish the concept and
   * brand do not give; only media ids from `media`.
   */
  writeVideoScript: (input: WriteVideoScriptInput) => Promise<WrittenVideoScript>;
};

/** A photo or clip of the owner's the script may place, described in the owner's own words. */
export type ScriptMedia = { id: string; kind: 'image' | 'video'; name: string; description: string; duration: number | null };

export type WriteVideoScriptInput = {
  concept: string;
  subcategory: { id: string; label: string };
  style: { id: string; label: string } | null;
  brand: AiBrandFacts;
  /** Newest first. */
  media: ScriptMedia[];
  seed: number;
};

export type WrittenVideoScript = {
  title: string;
  scenes: Array<{ narration: string; caption: string; media_id: string | null; duration: number }>;
};

/** What the AI may say about the restaurant (brand settings, spec §3 "Restaurant content"). */
export type AiBrandFacts = {
  name: string;
  website: string;
  location: string;
  description: string;
  /** Brand voice words, e.g. ["warm", "playful", "local"]. */
  voice: string[];
};

/** A photo from the owner's media library the email may use (videos are listed but never placed in an email). */
export type EmailImageCandidate = { id: string; description: string; created_at: string; kind: 'image' | 'video' };

export type WriteEmailInput = {
  /** What the owner wants to say, e.g. "Friday fish tacos, 2 for $12, this week only". */
  prompt: string;
  brand: AiBrandFacts;
  /** Best first (see chooseEmailImages); the writer places one or two of them. */
  images: EmailImageCandidate[];
  /** Same seed, same email (builtin); a new seed for each regeneration. */
  seed: number;
  /** The previous draft when regenerating, so the new one takes a different angle. */
  avoid?: WrittenEmail;
};

/** The writer's answer; block ids are unique within it, and the text needs no further sanitizing. */
export type WrittenEmail = { title: string; subject: string; preheader: string; blocks: EmailBlock[] };

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
