import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ASK_UNANSWERABLE } from '../../src/contract/ask-graph.ts';
import { ASK_QUESTIONS, isQuestionName } from '../../src/contract/ask-questions.ts';
import type { AskPrevious, QuestionPick } from '../../server/providers/ai/ai-types.ts';
import { ASK_SUGGESTIONS, pickQuestionFromWords } from '../../server/providers/ai/builtin/ask/ask-phrases.ts';

// Sunday 15 June 2025: "this month" is June; 16 days are left in it counting today.
const NOW = new Date('2025-06-15T12:00:00Z');
const pick = (text: string, previous?: AskPrevious) => pickQuestionFromWords({ text, previous, now: NOW });

const q = (question: string, params: Record<string, unknown> = {}, chart?: string): QuestionPick => ({ question, params, ...(chart ? { chart } : {}) }) as QuestionPick;
const thisMonth = { kind: 'this_month' };
const lastMonth = { kind: 'last_month' };

/** [what an owner types, the question and parameters the builtin must pick]. */
const FIRST_QUESTIONS: Array<[string, QuestionPick]> = [
  // sales, visits and average order over time
  ['How did Tuesdays do this month?', q('sales_breakdown', { by: 'weekday', period: thisMonth, weekday: 'tuesday' })],
  ['sales this month', q('sales_breakdown', { measure: 'sales', by: 'day', period: thisMonth })],
  ['Show me sales by day for the last 30 days', q('sales_breakdown', { measure: 'sales', by: 'day', period: { kind: 'last_days', days: 30 } })],
  ['What were my sales last week?', q('sales_breakdown', { measure: 'sales', by: 'day', period: { kind: 'last_week' } })],
  ['revenue by month this year', q('sales_breakdown', { measure: 'sales', by: 'month', period: { kind: 'this_year' } })],
  ['monthly sales over the last 12 months', q('sales_breakdown', { measure: 'sales', by: 'month', period: { kind: 'last_months', months: 12 } })],
  ['weekly sales', q('sales_breakdown', { measure: 'sales', by: 'week' })],
  ['Which day of the week is busiest?', q('sales_breakdown', { by: 'weekday' })],
  ['What is my slowest day?', q('sales_breakdown', { by: 'weekday' })],
  ['best day of the week for sales in the last 3 months', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: { kind: 'last_months', months: 3 } })],
  ['What time are we busiest?', q('sales_breakdown', { by: 'hour' })],
  ['busiest hours on Saturdays', q('sales_breakdown', { by: 'hour', weekday: 'saturday' })],
  ['visits by hour today', q('sales_breakdown', { measure: 'visits', by: 'hour', period: { kind: 'today' } })],
  ['How many visits did we get yesterday?', q('sales_breakdown', { measure: 'visits', by: 'hour', period: { kind: 'yesterday' } })],
  ['How many orders this week?', q('sales_breakdown', { measure: 'visits', by: 'day', period: { kind: 'this_week' } })],
  ["what's our average order value this month", q('sales_breakdown', { measure: 'average_order', by: 'day', period: thisMonth })],
  ['average ticket by week', q('sales_breakdown', { measure: 'average_order', by: 'week' })],
  ['AOV by weekday', q('sales_breakdown', { measure: 'average_order', by: 'weekday' })],
  ['How much did we make in March?', q('sales_breakdown', { measure: 'sales', by: 'day', period: { kind: 'month', month: 3 } })],
  ['sales in may 2024', q('sales_breakdown', { measure: 'sales', by: 'day', period: { kind: 'month', month: 5, year: 2024 } })],
  ['Sales on Fridays over the past 90 days', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: { kind: 'last_days', days: 90 }, weekday: 'friday' })],
  ['daily revenue as a line chart', q('sales_breakdown', { measure: 'sales', by: 'day' }, 'line')],
  ['foot traffic this year', q('sales_breakdown', { measure: 'visits', by: 'month', period: { kind: 'this_year' } })],
  ['takings for the last two weeks', q('sales_breakdown', { measure: 'sales', by: 'day', period: { kind: 'last_days', days: 14 } })],
  // one period against another
  ['this month vs last month', q('compare_periods', { period: thisMonth, against: lastMonth })],
  ['Compare sales this year with last year', q('compare_periods', { measure: 'sales', period: { kind: 'this_year' }, against: { kind: 'last_year' } })],
  ['Are sales up on last month?', q('compare_periods', { measure: 'sales', period: thisMonth })],
  ['visits this week compared to last week', q('compare_periods', { measure: 'visits', period: { kind: 'this_week' }, against: { kind: 'last_week' } })],
  ['How was last month?', q('compare_periods', { period: lastMonth })],
  ["How's business?", q('compare_periods', {})],
  ['How are we doing this month?', q('compare_periods', { period: thisMonth })],
  ['average order this month versus last month', q('compare_periods', { measure: 'average_order', period: thisMonth, against: lastMonth })],
  ['March vs April', q('compare_periods', { period: { kind: 'month', month: 3 }, against: { kind: 'month', month: 4 } })],
  // customers
  ['Who are my best customers?', q('top_customers', { by: 'spend' })],
  ['top 5 customers this month', q('top_customers', { by: 'spend', limit: 5, period: thisMonth })],
  ['Who spends the most?', q('top_customers', { by: 'spend' })],
  ['biggest spenders this year', q('top_customers', { by: 'spend', period: { kind: 'this_year' } })],
  ['most loyal customers', q('top_customers', { by: 'visits' })],
  ['who comes in the most often', q('top_customers', { by: 'visits' })],
  ['my top 10 regulars by visits', q('top_customers', { by: 'visits', limit: 10 })],
  ['show my VIPs as a pie chart', q('top_customers', { by: 'spend' }, 'pie')],
  ['new vs returning guests this month', q('new_vs_returning', { period: thisMonth })],
  ['How many new customers did we get last month?', q('new_vs_returning', { period: lastMonth })],
  ['first-time guests this week', q('new_vs_returning', { period: { kind: 'this_week' } })],
  ['Are people coming back?', q('new_vs_returning', {})],
  ['Which regulars have lapsed?', q('lapsed_regulars', {})],
  ["regulars who haven't been in for 2 months", q('lapsed_regulars', { days: 60 })],
  ['Who have we lost?', q('lapsed_regulars', {})],
  ['customers with 10+ visits who stopped coming', q('lapsed_regulars', { min_visits: 10 })],
  ['lapsed regulars in the last 90 days', q('lapsed_regulars', { days: 90 })],
  ['How old are my customers?', q('customers_by_age', {})],
  ['customers by age group', q('customers_by_age', {})],
  ['age breakdown as a pie chart', q('customers_by_age', {}, 'pie')],
  ['How big are my segments?', q('segment_sizes', {})],
  ['segment sizes', q('segment_sizes', {})],
  ['upcoming birthdays', q('upcoming_birthdays', {})],
  ['Whose birthday is coming up in the next 2 weeks?', q('upcoming_birthdays', { days: 14 })],
  ['birthdays this week', q('upcoming_birthdays', { days: 7 })],
  ['birthdays this month', q('upcoming_birthdays', { days: 16 })],
  ['any birthdays today?', q('upcoming_birthdays', { days: 1 })],
  ['birthdays next month', q('upcoming_birthdays', { days: 30 })],
  // campaign results and the sales they brought back
  ['Did the taco email work?', q('campaign_results', { campaign: 'taco', channel: 'email' })],
  ['How did my campaigns do?', q('campaign_results', {})],
  ['Did my last email work?', q('campaign_results', { channel: 'email', latest: true })],
  ['did the email work', q('campaign_results', { channel: 'email', latest: true })],
  ['Which campaign brought back the most sales?', q('campaign_results', {})],
  ['did the pumpkin soup email bring anyone back?', q('campaign_results', { campaign: 'pumpkin soup', channel: 'email' })],
  ['Did the fries text work?', q('campaign_results', { campaign: 'fries', channel: 'sms' })],
  ['sales brought back by texts this month', q('campaign_results', { channel: 'sms', period: thisMonth })],
  ['how did the brunch newsletter perform last month', q('campaign_results', { campaign: 'brunch', channel: 'email', period: lastMonth })],
  ['text campaign results', q('campaign_results', { channel: 'sms' })],
  ['what did my emails bring in this year', q('campaign_results', { channel: 'email', period: { kind: 'this_year' } })],
  ['show my campaign results as a pie chart', q('campaign_results', {}, 'pie')],
  ['Did the wine night email work?', q('campaign_results', { campaign: 'wine night', channel: 'email' })],
];

const byWeekday: AskPrevious = { question: 'sales_breakdown', params: { measure: 'sales', by: 'weekday', period: thisMonth }, chart: 'bar' };
const byDay: AskPrevious = { question: 'sales_breakdown', params: { measure: 'sales', by: 'day', period: thisMonth }, chart: 'line' };
const comparing: AskPrevious = { question: 'compare_periods', params: { measure: 'sales', period: thisMonth }, chart: 'comparison' };
const topSpend: AskPrevious = { question: 'top_customers', params: { by: 'spend', limit: 10 }, chart: 'bar' };
const guests: AskPrevious = { question: 'new_vs_returning', params: { period: thisMonth }, chart: 'pie' };
const lapsed: AskPrevious = { question: 'lapsed_regulars', params: { min_visits: 5, days: 60 }, chart: 'bar' };
const birthdays: AskPrevious = { question: 'upcoming_birthdays', params: { days: 30 }, chart: 'bar' };
const ages: AskPrevious = { question: 'customers_by_age', params: {}, chart: 'bar' };
const campaigns: AskPrevious = { question: 'campaign_results', params: {}, chart: 'bar' };

/** [previous question, what the owner types next, the pick]. */
const FOLLOW_UPS: Array<[AskPrevious, string, QuestionPick]> = [
  [byWeekday, 'and last month?', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: lastMonth })],
  [byWeekday, 'What about Tuesdays?', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: thisMonth, weekday: 'tuesday' })],
  [byWeekday, 'as a pie chart', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: thisMonth }, 'pie')],
  [byWeekday, 'and visits?', q('sales_breakdown', { measure: 'visits', by: 'weekday', period: thisMonth })],
  [byDay, 'by week instead', q('sales_breakdown', { measure: 'sales', by: 'week', period: thisMonth })],
  // A grouping or a measure the question before has no place for starts a new question.
  [{ question: 'new_vs_returning', params: { period: thisMonth } }, 'sales by day this month', q('sales_breakdown', { measure: 'sales', by: 'day', period: thisMonth })],
  [{ question: 'lapsed_regulars', params: { days: 60, min_visits: 5 } }, 'and visits by weekday?', q('sales_breakdown', { measure: 'visits', by: 'weekday' })],
  // A whole new question after another one is not a follow-up (the starter card asked in a conversation about customers).
  [{ question: 'top_customers', params: { by: 'spend', limit: 10 } }, 'How did sales go this month?', q('sales_breakdown', { measure: 'sales', by: 'day', period: thisMonth })],
  [byDay, 'what about this year?', q('sales_breakdown', { measure: 'sales', by: 'month', period: { kind: 'this_year' } })],
  [byDay, 'show it as a bar chart', q('sales_breakdown', { measure: 'sales', by: 'day', period: thisMonth }, 'bar')],
  [byDay, 'how does that compare to last month?', q('compare_periods', { measure: 'sales', period: thisMonth, against: lastMonth })],
  [byDay, 'same for the average order', q('sales_breakdown', { measure: 'average_order', by: 'day', period: thisMonth })],
  [comparing, 'and last year?', q('compare_periods', { measure: 'sales', period: { kind: 'last_year' } })],
  [comparing, 'what about visits?', q('compare_periods', { measure: 'visits', period: thisMonth })],
  [comparing, 'what about Saturdays?', q('sales_breakdown', { measure: 'sales', by: 'weekday', period: thisMonth, weekday: 'saturday' })],
  [topSpend, 'just the top 3', q('top_customers', { by: 'spend', limit: 3 })],
  [topSpend, 'and this month?', q('top_customers', { by: 'spend', limit: 10, period: thisMonth })],
  [topSpend, 'by visits', q('top_customers', { by: 'visits', limit: 10 })],
  [guests, 'and last month?', q('new_vs_returning', { period: lastMonth })],
  [guests, 'as a bar chart', q('new_vs_returning', { period: thisMonth }, 'bar')],
  [lapsed, 'what about 90 days?', q('lapsed_regulars', { min_visits: 5, days: 90 })],
  [birthdays, 'and the next 7 days?', q('upcoming_birthdays', { days: 7 })],
  [ages, 'what about Tuesdays?', q('sales_breakdown', { by: 'weekday', weekday: 'tuesday' })],
  [topSpend, 'how old are they?', q('customers_by_age', {})],
  [campaigns, 'and last month?', q('campaign_results', { period: lastMonth })],
  [campaigns, 'as a pie chart', q('campaign_results', {}, 'pie')],
  [byDay, 'did the taco email work?', q('campaign_results', { campaign: 'taco', channel: 'email' })],
];

const UNANSWERABLE: Array<[string, AskPrevious?]> = [
  ['Which dish sells best?'],
  ['How many lattes did we sell this week?'],
  ['How many coupons were redeemed?'],
  ['How many pizzas did the email sell?'],
  ['Which instagram post did best?'],
  ['What are my profit margins?'],
  ['How is my staff doing?'],
  ['What will the weather be tomorrow?'],
  ['Write me a poem about sales'],
  ['asdfgh'],
  ['thanks!', byWeekday],
  ['and last month?', ages],
  ['sales by location'],
];

describe('the builtin Ask parser picks a named question from the owner words', () => {
  it.each(FIRST_QUESTIONS)('%s', (text, expected) => {
    expect(pick(text)).toEqual(expected);
  });

  it.each(FOLLOW_UPS.map(([previous, text, expected]) => [`${previous.question} → ${text}`, previous, text, expected] as const))('%s', (_name, previous, text, expected) => {
    expect(pick(text, previous)).toEqual(expected);
  });

  it.each(UNANSWERABLE)('%s → cannot answer, with suggestions', (text, previous) => {
    expect(pick(text, previous)).toEqual({ unanswerable: true, message: ASK_UNANSWERABLE, suggestions: ASK_SUGGESTIONS });
  });

  it('has at least 60 phrasings, follow-ups included', () => {
    expect(FIRST_QUESTIONS.length + FOLLOW_UPS.length + UNANSWERABLE.length).toBeGreaterThanOrEqual(60);
    expect(FOLLOW_UPS.length).toBeGreaterThanOrEqual(15);
  });

  it("every pick passes its question's parameter schema", () => {
    const picks = [...FIRST_QUESTIONS.map(([text]) => pick(text)), ...FOLLOW_UPS.map(([previous, text]) => pick(text, previous))];
    for (const p of picks) {
      if ('unanswerable' in p) throw new Error('unexpected refusal');
      expect(isQuestionName(p.question)).toBe(true);
      const parsed = v.safeParse(ASK_QUESTIONS[p.question].params, p.params);
      expect(parsed.success, `${p.question} ${JSON.stringify(p.params)}`).toBe(true);
    }
  });

  it('every suggestion it offers is itself answerable', () => {
    for (const suggestion of ASK_SUGGESTIONS) expect(pick(suggestion)).not.toHaveProperty('unanswerable');
  });
});
