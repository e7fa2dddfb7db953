import { ASK_UNANSWERABLE } from '../../../src/contract/ask-graph.ts';
import type { Deps } from '../../deps.ts';
import { withAi } from '../../lib/ai-call.ts';
import { ASK_SUGGESTIONS } from '../../providers/ai/ask/ask-suggestions.ts';
import type { AskPrevious } from '../../providers/ai/ai-types.ts';
import { answerQuestion, isAnswer } from '../analytics/analytics-registry.ts';
import type { StoredAnswer } from './ask.table.ts';

export type AskDeps = Pick<Deps, 'db' | 'ai' | 'now'>;

/** The owner's words answered: the words shown in text mode, and the rest of the answer as stored. */
export type Answered = { response: string; answer: StoredAnswer };

/** The restaurant's zone (Restaurant content → Time zone); UTC until the owner sets one. */
async function restaurantZone(deps: Pick<Deps, 'db'>, userId: string): Promise<string> {
  const row = await deps.db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

const unanswerable = (message: string, suggestions: string[]): Answered => ({
  response: message,
  answer: { question: null, params: {}, graph_json: null, takeaway: null, note: null, offer: null, suggestions },
});

/** What a follow-up builds on: the question answered before it, with the chart it was drawn as. */
function previousOf(answer: StoredAnswer | undefined): AskPrevious | undefined {
  if (!answer?.question) return undefined;
  return { question: answer.question, params: answer.params, ...(answer.graph_json ? { chart: answer.graph_json.graph_type } : {}) };
}

/**
 * The AI provider picks one named question for the words (never SQL); the analytics registry checks the pick
 * and runs its own SQL for this owner only. A pick it refuses is answered like words nobody understood.
 */
export async function answerWords(deps: AskDeps, userId: string, words: string, previous: StoredAnswer | undefined): Promise<Answered> {
  const now = deps.now();
  const pick = await withAi(() => deps.ai.pickQuestion({ text: words, previous: previousOf(previous), now }));
  if ('unanswerable' in pick) return unanswerable(pick.message || ASK_UNANSWERABLE, pick.suggestions.length > 0 ? pick.suggestions : [...ASK_SUGGESTIONS]);
  const result = await answerQuestion(deps.db, userId, pick, { now, timeZone: await restaurantZone(deps, userId) });
  if (!isAnswer(result)) return unanswerable(ASK_UNANSWERABLE, [...ASK_SUGGESTIONS]);
  const offer = result.offer ? { kind: 'segment' as const, label: result.offer.label, query: result.offer.query, count: result.offer.count } : null;
  return {
    response: result.note ? `${result.text} ${result.note}` : result.text,
    answer: { question: result.question, params: result.params, graph_json: result.graph, takeaway: result.takeaway, note: result.note ?? null, offer, suggestions: [] },
  };
}
