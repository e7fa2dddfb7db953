import { sql } from 'kysely';
import type { QuestionName } from '../../../src/contract/ask-questions.ts';
import type { Db } from '../../db/client.ts';
import { segmentCustomersQuery } from '../segments/segment-sql.ts';
import { resolvePeriod } from './analytics-periods.ts';
import { today } from '../../../src/contract/zoned-time.ts';

/** A card on Ask's empty screen: the words it sends, and the question they stand for. */
export type StarterPrompt = { prompt: string; question: QuestionName; params: Record<string, unknown> };

type Checks = {
  ordersThisMonth: boolean;
  ordersLast90Days: boolean;
  ordersThisOrLastMonth: boolean;
  guestsThisMonth: boolean;
  spenders: boolean;
  lapsedRegulars: boolean;
  birthYears: boolean;
  segments: boolean;
  birthdaysSoon: boolean;
  campaignsLately: boolean;
};

/** Every card, in the order they are shown, with the check that keeps it off a screen it would answer with "nothing". */
const CARDS: Array<StarterPrompt & { shownWhen: keyof Checks }> = [
  { prompt: 'How did sales go this month?', question: 'sales_breakdown', params: { measure: 'sales', by: 'day', period: { kind: 'this_month' } }, shownWhen: 'ordersThisMonth' },
  { prompt: 'Who are my top customers?', question: 'top_customers', params: { by: 'spend' }, shownWhen: 'spenders' },
  { prompt: 'This month vs last month', question: 'compare_periods', params: { period: { kind: 'this_month' }, against: { kind: 'last_month' } }, shownWhen: 'ordersThisOrLastMonth' },
  { prompt: "Which regulars haven't been in lately?", question: 'lapsed_regulars', params: {}, shownWhen: 'lapsedRegulars' },
  { prompt: 'Which day of the week is busiest?', question: 'sales_breakdown', params: { by: 'weekday' }, shownWhen: 'ordersLast90Days' },
  { prompt: 'How did my campaigns do?', question: 'campaign_results', params: {}, shownWhen: 'campaignsLately' },
  { prompt: 'Whose birthday is coming up?', question: 'upcoming_birthdays', params: {}, shownWhen: 'birthdaysSoon' },
  { prompt: 'New vs returning guests this month', question: 'new_vs_returning', params: { period: { kind: 'this_month' } }, shownWhen: 'guestsThisMonth' },
  { prompt: 'What time are we busiest?', question: 'sales_breakdown', params: { by: 'hour' }, shownWhen: 'ordersLast90Days' },
  { prompt: 'How old are my customers?', question: 'customers_by_age', params: {}, shownWhen: 'birthYears' },
  { prompt: 'How big are my segments?', question: 'segment_sizes', params: {}, shownWhen: 'segments' },
];

/**
 * The starter cards this owner's data can answer, from cheap existence checks (one statement of EXISTS probes
 * on indexed columns, and the segments feature's birthday condition), so no card leads to "no data".
 */
export async function starterPrompts(db: Db, userId: string, clock: { now: Date; timeZone?: string }): Promise<StarterPrompt[]> {
  const at = { now: clock.now, timeZone: clock.timeZone ?? 'UTC' };
  const thisMonth = resolvePeriod({ kind: 'this_month' }, at);
  const lastMonth = resolvePeriod({ kind: 'last_month' }, at);
  const last90 = resolvePeriod({ kind: 'last_days', days: 90 }, at);
  const lapsedBefore = new Date(clock.now.getTime() - 60 * 86_400_000);
  const ordersBetween = (start: Date, end: Date, known = false) =>
    sql<boolean>`exists (select 1 from orders o where o.user_id = ${userId} and o.occurred_at >= ${start} and o.occurred_at < ${end}${known ? sql` and o.customer_id is not null` : sql``})`;
  const customers = (condition: ReturnType<typeof sql>) => sql<boolean>`exists (select 1 from customers c where c.user_id = ${userId} and c.deleted_at is null and ${condition})`;
  const row = await db
    .selectNoFrom([
      ordersBetween(thisMonth.start, thisMonth.end).as('ordersThisMonth'),
      ordersBetween(last90.start, last90.end).as('ordersLast90Days'),
      ordersBetween(lastMonth.start, thisMonth.end).as('ordersThisOrLastMonth'),
      ordersBetween(thisMonth.start, thisMonth.end, true).as('guestsThisMonth'),
      customers(sql`c.total_spent_cents > 0`).as('spenders'),
      customers(sql`c.visit_count >= 5 and c.last_visit_at < ${lapsedBefore}`).as('lapsedRegulars'),
      customers(sql`c.birthday_year is not null`).as('birthYears'),
      sql<boolean>`exists (select 1 from segments s where s.user_id = ${userId})`.as('segments'),
      // A campaign that went out in the last 90 days (what "How did my campaigns do?" looks at), to someone.
      sql<boolean>`exists (select 1 from sends s join send_recipients r on r.send_id = s.id
        where s.user_id = ${userId} and s.started_at >= ${last90.start} and s.started_at < ${last90.end} and r.status in ('sent', 'delivered'))`.as('campaignsLately'),
    ])
    .executeTakeFirstOrThrow();
  const t = today(clock.now, at.timeZone);
  const soon = await segmentCustomersQuery(db, userId, { type: 'group', op: 'and', conditions: [{ type: 'birthday', op: 'next_days', days: 30 }] }, new Date(Date.UTC(t.year, t.month - 1, t.day, 12)))
    .select('c.id')
    .limit(1)
    .executeTakeFirst();
  const checks: Checks = { ...(row as Omit<Checks, 'birthdaysSoon'>), birthdaysSoon: soon !== undefined };
  return CARDS.filter((card) => checks[card.shownWhen]).map(({ prompt, question, params }) => ({ prompt, question, params }));
}
