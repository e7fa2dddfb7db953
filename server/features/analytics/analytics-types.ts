import type * as v from 'valibot';
import type { GraphJson } from '../../../src/contract/ask-graph.ts';
import type { QuestionName, QuestionParams } from '../../../src/contract/ask-questions.ts';
import type { SegmentDefinition } from '../../../src/contract/segments.ts';
import type { Db } from '../../db/client.ts';
import type { AskClock } from './analytics-periods.ts';

/**
 * "Make a segment of these 38 lapsed regulars": the words for the segment chat (`query`, which the builtin
 * segment parser reads back as `definition`), the definition itself and how many customers it holds now.
 */
export type SegmentOffer = { kind: 'segment'; label: string; query: string; definition: SegmentDefinition; count: number };

/** One answer: the chart (spec §3 graph_json), its one-line takeaway, a short text answer, maybe an offer. */
export type Answer = {
  question: QuestionName;
  /** The parameters as run, defaults filled in: what a follow-up question starts from. */
  params: Record<string, unknown>;
  graph: GraphJson;
  takeaway: string;
  /** Text mode: short sentences with the figures. */
  text: string;
  offer?: SegmentOffer;
  /** True when the data holds nothing for this question (graph_type is then 'none'). */
  empty: boolean;
  /** Set when a chart type asked for did not fit these figures and the usual one was kept. */
  note?: string;
};

export type AnswerBody = Omit<Answer, 'question' | 'params'>;

/** A named question: its parameters' schema and the SQL behind it, always scoped to one owner. */
export type Question<N extends QuestionName = QuestionName> = {
  name: N;
  params: v.GenericSchema<unknown, QuestionParams<N>>;
  run: (db: Db, userId: string, params: QuestionParams<N>, clock: AskClock) => Promise<AnswerBody & { params?: Record<string, unknown> }>;
};

/** An answer with nothing to draw. */
export const emptyAnswer = (title: string, sentence: string): AnswerBody => ({
  graph: { graph_type: 'none', title, data: { labels: [], values: [] } },
  takeaway: sentence,
  text: sentence,
  empty: true,
});
