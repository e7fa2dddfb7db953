import * as v from 'valibot';
import type { ChartType, GraphJson } from '../../../src/contract/ask-graph.ts';
import { isQuestionName, type QuestionName } from '../../../src/contract/ask-questions.ts';
import type { Db } from '../../db/client.ts';
import type { Answer, Question } from './analytics-types.ts';
import { campaignResults } from './questions/campaign-results.ts';
import { comparePeriods } from './questions/compare-periods.ts';
import { customersByAge } from './questions/customers-by-age.ts';
import { lapsedRegulars } from './questions/lapsed-regulars.ts';
import { newVsReturning } from './questions/new-vs-returning.ts';
import { salesBreakdown } from './questions/sales-breakdown.ts';
import { segmentSizes } from './questions/segment-sizes.ts';
import { topCustomers } from './questions/top-customers.ts';
import { upcomingBirthdays } from './questions/upcoming-birthdays.ts';
import { assertTimeZone } from '../../../src/contract/zoned-time.ts';

/**
 * Every named question with its runner. The record is typed by the contract's list, so a question added to
 * `ASK_QUESTIONS` (campaign results, say) does not compile until it has a runner here.
 */
const QUESTIONS: { [N in QuestionName]: Question<N> } = {
  sales_breakdown: salesBreakdown,
  compare_periods: comparePeriods,
  top_customers: topCustomers,
  new_vs_returning: newVsReturning,
  lapsed_regulars: lapsedRegulars,
  customers_by_age: customersByAge,
  segment_sizes: segmentSizes,
  upcoming_birthdays: upcomingBirthdays,
  campaign_results: campaignResults,
};

/** What the AI picked: a question's name, its parameters (unchecked) and maybe the chart type asked for. */
export type PickedQuestion = { question: string; params: unknown; chart?: ChartType };

export type AnswerProblem = { problem: 'unknown_question' | 'bad_params'; message: string };

/**
 * Runs a picked question for one owner: the name must be one of ours and the parameters must pass its
 * schema (a model's pick is never trusted), then its SQL runs scoped to `userId`.
 * `clock.timeZone` is the restaurant's IANA zone (default UTC); an unknown zone is a RangeError.
 */
export async function answerQuestion(db: Db, userId: string, pick: PickedQuestion, clock: { now: Date; timeZone?: string }): Promise<Answer | AnswerProblem> {
  const timeZone = clock.timeZone ?? 'UTC';
  assertTimeZone(timeZone);
  if (!isQuestionName(pick.question)) return { problem: 'unknown_question', message: `Unknown question: ${pick.question}` };
  const question = QUESTIONS[pick.question] as Question;
  const parsed = v.safeParse(question.params, pick.params ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { problem: 'bad_params', message: `${v.getDotPath(issue) ?? 'params'}: ${issue.message}` };
  }
  const { params: filled, ...body } = await question.run(db, userId, parsed.output as never, { now: clock.now, timeZone });
  const answer: Answer = { question: pick.question, params: filled ?? (parsed.output as Record<string, unknown>), ...body };
  return pick.chart ? withChart(answer, pick.chart) : answer;
}

export const isAnswer = (result: Answer | AnswerProblem): result is Answer => !('problem' in result);

const CHART_NAMES: Record<ChartType, string> = { bar: 'a bar chart', line: 'a line chart', pie: 'a pie chart', comparison: 'a comparison' };

/** Whether these figures can be drawn as `chart` without misleading: a pie needs parts of one whole. */
function chartFits(graph: GraphJson, chart: ChartType): boolean {
  const values = graph.data.values;
  switch (chart) {
    case 'bar':
      return values.length >= 1;
    case 'line':
      return values.length >= 2;
    case 'comparison':
      return values.length === 2;
    case 'pie':
      // Shares of one total: counts or money summed over buckets, never averages or ranked extremes.
      return values.length >= 2 && values.length <= 12 && values.every((x) => x >= 0) && values.some((x) => x > 0) && !/^average|average order/i.test(graph.title);
  }
}

/** The owner asked for a chart type ("as a pie chart"): use it when it fits, else keep ours and say why. */
export function withChart(answer: Answer, chart: ChartType): Answer {
  if (answer.graph.graph_type === 'none' || answer.graph.graph_type === chart) return answer;
  if (chartFits(answer.graph, chart)) return { ...answer, graph: { ...answer.graph, graph_type: chart } };
  return { ...answer, note: `These figures don't fit ${CHART_NAMES[chart]}, so here they are as ${CHART_NAMES[answer.graph.graph_type as ChartType]}.` };
}
