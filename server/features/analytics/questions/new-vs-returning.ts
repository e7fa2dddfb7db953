import { sql } from 'kysely';
import { NewVsReturningParamsSchema } from '../../../../src/contract/ask-questions.ts';
import { count, percent, plural, ratio, these } from '../analytics-format.ts';
import { rollupMonths } from '../analytics-orders.ts';
import { resolvePeriod, soFar } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';
import { segmentOffer, segmentPeriod } from './segment-offer.ts';

/**
 * Guests who came in during the period, split by whether it was their first visit ever (their first visit
 * falls in the period) or they had been before. Known customers only: an order with no customer attached
 * cannot say whether its guest was new.
 */
export const newVsReturning: Question<'new_vs_returning'> = {
  name: 'new_vs_returning',
  params: NewVsReturningParamsSchema,
  async run(db, userId, params, clock) {
    const span = resolvePeriod(params.period, clock);
    const months = rollupMonths(span, clock.now);
    // Who came in: from the monthly rollups when the span is whole UTC months (or runs up to now), less the
    // orders those months hold after the span's end (dated later today, say), so a guest whose only visits of
    // the month are still to come is not counted; else from the span's orders.
    let visitors;
    if (months) {
      const [year, month] = months.last.split('-').map(Number) as [number, number];
      const monthsEnd = new Date(Date.UTC(year, month, 1));
      const later = sql`SELECT o.customer_id, count(*)::int AS n FROM orders o WHERE o.user_id = ${userId} AND o.customer_id IS NOT NULL
            AND o.occurred_at >= ${span.end} AND o.occurred_at < ${monthsEnd} GROUP BY o.customer_id`;
      const inMonths = sql`r.user_id = ${userId} AND r.period_kind = 'month' AND r.period_start >= ${months.first}::date AND r.period_start <= ${months.last}::date`;
      // One month: one row per customer already. (An anti-join, so the planner still expects every rollup row.)
      const rows =
        months.first === months.last
          ? sql`SELECT r.customer_id, r.visits FROM order_rollups r WHERE ${inMonths}`
          : sql`SELECT r.customer_id, sum(r.visits) AS visits FROM order_rollups r WHERE ${inMonths} GROUP BY r.customer_id`;
      visitors = sql`SELECT v.customer_id FROM (${rows}) v WHERE NOT EXISTS (SELECT 1 FROM (${later}) l WHERE l.customer_id = v.customer_id AND l.n >= v.visits)`;
    } else {
      visitors = sql`SELECT DISTINCT o.customer_id FROM orders o WHERE o.user_id = ${userId}
            AND o.occurred_at >= ${span.start} AND o.occurred_at < ${span.end} AND o.customer_id IS NOT NULL`;
    }
    const result = await sql<{ new_guests: number; returning_guests: number }>`
      SELECT (count(*) FILTER (WHERE c.first_visit_at >= ${span.start}))::int AS new_guests,
             (count(*) FILTER (WHERE c.first_visit_at < ${span.start}))::int AS returning_guests
      FROM (${visitors}) v JOIN customers c ON c.id = v.customer_id AND c.user_id = ${userId} AND c.deleted_at IS NULL`.execute(db);
    const fresh = Number(result.rows[0]?.new_guests ?? 0);
    const returning = Number(result.rows[0]?.returning_guests ?? 0);
    const title = `New vs returning guests, ${span.title.charAt(0).toLowerCase()}${span.title.slice(1)}`;
    if (fresh + returning === 0) return emptyAnswer(title, `No known guests came in ${span.words}${soFar(span) ? ' yet' : ''}.`);
    const share = percent(ratio(fresh, fresh + returning));
    const takeaway = `${plural(fresh, 'new guest')} and ${plural(returning, 'returning guest')} came in ${span.words}: ${share} were new.`;
    const mapped = segmentPeriod(params.period, clock.timeZone);
    const offer = mapped && fresh > 0
      ? await segmentOffer(db, userId, clock.now, [{ type: 'first_visit', op: 'within', period: mapped.period }], `first-time visitors ${mapped.words}`, (n) => `Make a segment of ${these(n, 'new guest')}`)
      : undefined;
    return {
      graph: { graph_type: 'pie', title, unit: 'count', data: { labels: ['New guests', 'Returning guests'], values: [fresh, returning] } },
      takeaway,
      text: `${takeaway} ${fresh + returning === 1 ? 'One known guest' : `${count(fresh + returning)} known guests`} in all.`,
      offer,
      empty: false,
    };
  },
};
