import * as v from 'valibot';

/**
 * The named questions Ask can answer from an owner's data, and their parameters. The AI provider only ever
 * picks one of these and fills its parameters; the server validates them with these schemas and runs its own
 * SQL (server/features/analytics). Adding a question: a schema here, a runner in the analytics registry, and
 * phrases in the builtin parser; the OpenAI tools are generated from this list.
 */

const int = (min: number, max: number, what: string) =>
  v.pipe(v.number(`Enter ${what}`), v.integer(`Use a whole number for ${what}`), v.minValue(min, `${what} is ${min} to ${max}`), v.maxValue(max, `${what} is ${min} to ${max}`));

/**
 * A span of time in the restaurant's time zone. Named spans are calendar ones (weeks start on Monday);
 * `last_days` ends now; `last_months` is this calendar month and the months before it; `month` is a named
 * month, the latest one not in the future when no year is given.
 */
const AskPeriodSchema = v.variant('kind', [
  v.strictObject({ kind: v.picklist(['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year']) }),
  v.strictObject({ kind: v.literal('last_days'), days: int(1, 730, 'days') }),
  v.strictObject({ kind: v.literal('last_months'), months: int(1, 24, 'months') }),
  v.strictObject({ kind: v.literal('month'), month: int(1, 12, 'month'), year: v.optional(int(2000, 2100, 'year')) }),
]);
export type AskPeriod = v.InferOutput<typeof AskPeriodSchema>;

const MEASURES = ['sales', 'visits', 'average_order'] as const;
export type Measure = (typeof MEASURES)[number];
const GROUPINGS = ['day', 'week', 'month', 'weekday', 'hour'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const Measure = v.optional(v.picklist(MEASURES, 'Measure is sales, visits or average_order'), 'sales');

export const SalesBreakdownParamsSchema = v.strictObject({
  measure: Measure,
  by: v.optional(v.picklist(GROUPINGS, 'Group by day, week, month, weekday or hour'), 'day'),
  period: v.optional(AskPeriodSchema),
  weekday: v.optional(v.picklist(WEEKDAYS, 'Unknown weekday')),
});
export const ComparePeriodsParamsSchema = v.strictObject({
  measure: Measure,
  period: v.optional(AskPeriodSchema, { kind: 'this_month' }),
  against: v.optional(AskPeriodSchema),
});
export const TopCustomersParamsSchema = v.strictObject({
  by: v.optional(v.picklist(['spend', 'visits'], 'Rank by spend or visits'), 'spend'),
  limit: v.optional(int(1, 20, 'limit'), 10),
  period: v.optional(AskPeriodSchema),
});
export const NewVsReturningParamsSchema = v.strictObject({ period: v.optional(AskPeriodSchema, { kind: 'this_month' }) });
export const LapsedRegularsParamsSchema = v.strictObject({
  min_visits: v.optional(int(2, 100, 'min_visits'), 5),
  days: v.optional(int(14, 730, 'days'), 60),
});
export const NoParamsSchema = v.strictObject({});
export const UpcomingBirthdaysParamsSchema = v.strictObject({ days: v.optional(int(1, 366, 'days'), 30) });
const CAMPAIGN_CHANNELS = ['email', 'sms'] as const;
export const CampaignResultsParamsSchema = v.strictObject({
  campaign: v.optional(
    v.pipe(v.string('Campaign must be words from its name'), v.trim(), v.nonEmpty('Campaign must be words from its name'), v.maxLength(60, 'Campaign is at most 60 characters')),
  ),
  channel: v.optional(v.picklist(CAMPAIGN_CHANNELS, 'Channel is email or sms')),
  latest: v.optional(v.boolean('Latest must be true or false')),
  period: v.optional(AskPeriodSchema),
});

/** Every question: what it answers (the OpenAI tool description) and its parameters. */
export const ASK_QUESTIONS = {
  sales_breakdown: {
    description:
      'Sales (money taken), visits (orders) or average order value over a period, grouped by day, week, month, weekday or hour of day. ' +
      'Use for "how did Tuesdays do", "sales this month", "busiest hour", "sales by month". weekday: the day the owner asks about.',
    params: SalesBreakdownParamsSchema,
  },
  compare_periods: {
    description: 'One period against another for sales, visits or average order, e.g. "this month vs last month". against defaults to the period before.',
    params: ComparePeriodsParamsSchema,
  },
  top_customers: {
    description: 'The best customers ranked by spend or by visits, over all time or within a period.',
    params: TopCustomersParamsSchema,
  },
  new_vs_returning: {
    description: 'How many guests who came in during a period were new (first visit in the period) and how many were returning.',
    params: NewVsReturningParamsSchema,
  },
  lapsed_regulars: {
    description: 'Regulars (at least min_visits visits) who have not been in for more than `days` days.',
    params: LapsedRegularsParamsSchema,
  },
  customers_by_age: { description: 'Customers by age band, from birthdays with a known year.', params: NoParamsSchema },
  segment_sizes: { description: "How many customers are in each of the owner's saved segments.", params: NoParamsSchema },
  upcoming_birthdays: { description: 'Customers whose birthday falls in the next `days` days (today counts as day 1).', params: UpcomingBirthdaysParamsSchema },
  campaign_results: {
    description:
      "Results of the owner's email and text campaigns: per campaign, the guests it reached, how many came back within 14 days and the sales they brought back " +
      '(and the lift over the guests kept back, when some were). Use for "did the taco email work", "how did my campaigns do", "which campaign brought back the most sales". ' +
      'campaign: words from the campaign\'s name ("taco"); channel: email or sms; latest: only the most recent one; period: when it went out (default the last 90 days, or all time when campaign is given).',
    params: CampaignResultsParamsSchema,
  },
} as const;

export type QuestionName = keyof typeof ASK_QUESTIONS;
export const QUESTION_NAMES = Object.keys(ASK_QUESTIONS) as QuestionName[];
export type QuestionParams<N extends QuestionName> = v.InferOutput<(typeof ASK_QUESTIONS)[N]['params']>;
export const isQuestionName = (name: string): name is QuestionName => Object.hasOwn(ASK_QUESTIONS, name);
