import { sql } from 'kysely';
import { LapsedRegularsParamsSchema } from '../../../../src/contract/ask-questions.ts';
import type { SegmentDefinition } from '../../../../src/contract/segments.ts';
import { segmentCustomersQuery } from '../../segments/segment-sql.ts';
import { count, customerName, money, these } from '../analytics-format.ts';
import { dayMonth } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';
import { today, wallTime } from '../../../../src/contract/zoned-time.ts';

/** How long they have been away, in bands from the owner's threshold on: [from day, label]. */
function awayBands(days: number): Array<[number, string]> {
  const starts = [days, ...[90, 180, 365].filter((d) => d > days)];
  return starts.map((from, i) => {
    const to = starts[i + 1];
    if (from === 90 && to === 180) return [from, '3–6 months'];
    if (from === 180 && to === 365) return [from, '6–12 months'];
    if (from === 365 && to === undefined) return [from, 'Over a year'];
    return [from, to === undefined ? `${from}+ days` : `${from}–${to - 1} days`];
  });
}

/**
 * Regulars who have stopped coming: the same definition the segment chat would build from
 * "regulars who haven't been in for 60 days", run by the segments feature's SQL, so the count here and the
 * segment it offers are the same customers.
 */
export const lapsedRegulars: Question<'lapsed_regulars'> = {
  name: 'lapsed_regulars',
  params: LapsedRegularsParamsSchema,
  async run(db, userId, params, clock) {
    const definition: SegmentDefinition = {
      type: 'group',
      op: 'and',
      conditions: [
        { type: 'visits', op: 'gte', value: params.min_visits },
        { type: 'last_visit', op: 'more_than', days: params.days },
      ],
    };
    const bands = awayBands(params.days);
    const away = sql<number>`floor(extract(epoch from (${clock.now}::timestamptz - c.last_visit_at)) / 86400)`;
    const bandCase = sql<number>`case ${sql.join(
      [...bands].reverse().map(([from], i) => sql`when ${away} >= ${from} then ${bands.length - 1 - i}`),
      sql` `,
    )} else 0 end`;
    const byBand = await segmentCustomersQuery(db, userId, definition, clock.now)
      .select([bandCase.as('band'), sql<number>`count(*)::int`.as('customers'), sql<number>`sum(c.total_spent_cents)::float8`.as('spent')])
      .groupBy(sql`1`)
      .execute();
    const total = byBand.reduce((sum, r) => sum + Number(r.customers), 0);
    const regulars = `regulars (${params.min_visits}+ visits)`;
    const title = `Lapsed regulars: away ${params.days}+ days`;
    if (total === 0) return emptyAnswer(title, `None of your ${regulars} has been away for more than ${params.days} days.`);
    const spent = byBand.reduce((sum, r) => sum + Number(r.spent), 0);
    const counts = bands.map((_, i) => Number(byBand.find((r) => Number(r.band) === i)?.customers ?? 0));
    const biggest = await segmentCustomersQuery(db, userId, definition, clock.now)
      .select(['c.given_name', 'c.family_name', 'c.last_visit_at', sql<number>`c.total_spent_cents::float8`.as('spent')])
      .orderBy('c.total_spent_cents', 'desc')
      .orderBy('c.id')
      .limit(3)
      .execute();
    const lastIn = (at: Date) => dayMonth(today(at, clock.timeZone)) + (wallTime(at, clock.timeZone).year === wallTime(clock.now, clock.timeZone).year ? '' : ` ${wallTime(at, clock.timeZone).year}`);
    const names = biggest.map((r) => `${customerName(r.given_name, r.family_name)} (${money(Number(r.spent))}, last in ${lastIn(r.last_visit_at!)})`);
    const who = total === 1 ? `1 regular (${params.min_visits}+ visits) hasn't` : `${count(total)} ${regulars} haven't`;
    const takeaway = `${who} been in for over ${params.days} days; together they have spent ${money(spent)} with you.`;
    const query = params.min_visits === 5 ? `regulars who haven't been in for ${params.days} days` : `customers with ${params.min_visits} or more visits who haven't been in for ${params.days} days`;
    return {
      graph: { graph_type: 'bar', title, unit: 'count', data: { labels: bands.map(([, label]) => label), values: counts } },
      takeaway,
      text: `${takeaway} The biggest spenders among them: ${names.join(', ')}.`,
      offer: { kind: 'segment', label: `Make a segment of ${these(total, 'lapsed regular')}`, query, definition, count: total },
      empty: false,
    };
  },
};
