import { sql } from 'kysely';
import { TopCustomersParamsSchema, type QuestionParams } from '../../../../src/contract/ask-questions.ts';
import type { Condition } from '../../../../src/contract/segments.ts';
import type { Db } from '../../../db/client.ts';
import { customerName, dollarsValue, money, plural } from '../analytics-format.ts';
import { rollupMonths } from '../analytics-orders.ts';
import { resolvePeriod, type AskClock, type Span } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';
import { exactDollars, segmentOffer, segmentPeriod } from './segment-offer.ts';

type Params = QuestionParams<'top_customers'>;
type Ranked = { given_name: string | null; family_name: string | null; spent: number; visits: number };

/** Lifetime figures are columns on `customers` (index on user_id + total_spent_cents / visit_count). */
function lifetime(db: Db, userId: string, params: Params) {
  return db
    .selectFrom('customers as c')
    .where('c.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .where(params.by === 'spend' ? 'c.total_spent_cents' : 'c.visit_count', '>', 0)
    .select(['c.given_name', 'c.family_name', sql<number>`c.total_spent_cents::float8`.as('spent'), 'c.visit_count as visits'])
    .orderBy(params.by === 'spend' ? 'c.total_spent_cents' : 'c.visit_count', 'desc')
    .orderBy(params.by === 'spend' ? 'c.visit_count' : 'c.total_spent_cents', 'desc')
    .orderBy('c.id')
    .limit(params.limit)
    .execute();
}

/**
 * Within a period: from the monthly (or yearly) rollups when the span is whole UTC months, else one grouped
 * pass over the span's orders.
 */
async function within(db: Db, userId: string, params: Params, span: Span, now: Date): Promise<Ranked[]> {
  const months = rollupMonths(span, now);
  const order = params.by === 'spend' ? sql`spent desc, visits desc` : sql`visits desc, spent desc`;
  let figures;
  if (months) {
    const wholeYear = months.first.endsWith('-01-01') && months.last.slice(0, 4) === months.first.slice(0, 4) && (months.last.slice(5, 7) === '12' || span.end >= now);
    // One rollup row per customer (a whole year, or one month): read as it is, no grouping.
    const rollups =
      wholeYear || months.first === months.last
        ? sql`SELECT r.customer_id, r.spent_cents::float8 AS spent, r.visits FROM order_rollups r
            WHERE r.user_id = ${userId} AND r.period_kind = ${wholeYear ? 'year' : 'month'} AND r.period_start = ${months.first}::date`
        : sql`SELECT r.customer_id, sum(r.spent_cents)::float8 AS spent, sum(r.visits)::int AS visits FROM order_rollups r
            WHERE r.user_id = ${userId} AND r.period_kind = 'month' AND r.period_start >= ${months.first}::date AND r.period_start <= ${months.last}::date
            GROUP BY r.customer_id`;
    // A span that runs up to now stops inside its last month (or year): those rollups also hold the orders dated
    // after now (later today, say), which are taken off again so the figures are the span's own orders.
    const [year, month] = months.last.split('-').map(Number) as [number, number];
    const rollupsEnd = new Date(wholeYear ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1));
    figures =
      span.end < rollupsEnd
        ? sql`SELECT r.customer_id, r.spent - coalesce(l.spent, 0) AS spent, r.visits - coalesce(l.visits, 0) AS visits
            FROM (${rollups}) r
            LEFT JOIN (SELECT o.customer_id, sum(o.total_cents)::float8 AS spent, count(*)::int AS visits FROM orders o
                       WHERE o.user_id = ${userId} AND o.occurred_at >= ${span.end} AND o.occurred_at < ${rollupsEnd} AND o.customer_id IS NOT NULL
                       GROUP BY o.customer_id) l ON l.customer_id = r.customer_id`
        : rollups;
  } else {
    figures = sql`SELECT o.customer_id, sum(o.total_cents)::float8 AS spent, count(*)::int AS visits FROM orders o
      WHERE o.user_id = ${userId} AND o.occurred_at >= ${span.start} AND o.occurred_at < ${span.end} AND o.customer_id IS NOT NULL
      GROUP BY o.customer_id`;
  }
  // Rank first and look up only the leaders' names: a few deleted customers among them are skipped, and if too
  // many were, the ranking is read again in full.
  const ranked = (fetch: number | null) => sql<Ranked>`
    SELECT c.given_name, c.family_name, f.spent, f.visits
    FROM (SELECT * FROM (${figures}) f0 WHERE f0.visits > 0 ORDER BY ${order}, f0.customer_id ${fetch === null ? sql`` : sql`LIMIT ${fetch}`}) f
    JOIN customers c ON c.id = f.customer_id AND c.user_id = ${userId} AND c.deleted_at IS NULL
    ORDER BY ${order}, c.id
    LIMIT ${params.limit}`.execute(db);
  const fetch = params.limit * 2 + 20;
  const first = await ranked(fetch);
  if (first.rows.length === params.limit) return first.rows;
  const all = await ranked(null);
  return all.rows;
}

async function offerFor(db: Db, userId: string, params: Params, last: Ranked, clock: AskClock) {
  const mapped = segmentPeriod(params.period, clock.timeZone);
  if (mapped === null) return undefined;
  const period = mapped ? { period: mapped.period } : {};
  const when = mapped ? ` ${mapped.words}` : '';
  const condition: Condition =
    params.by === 'spend'
      ? { type: 'total_spent', op: 'gte', value: Math.round(last.spent), ...period }
      : { type: 'visits', op: 'gte', value: last.visits, ...period };
  const criterion = params.by === 'spend' ? `spent at least ${exactDollars(Math.round(last.spent))}${when}` : `came in at least ${last.visits === 1 ? 'once' : `${last.visits} times`}${when}`;
  const query = params.by === 'spend' ? `customers who ${criterion}` : `customers with at least ${plural(last.visits, 'visit')}${when}`;
  return segmentOffer(db, userId, clock.now, [condition], query, (n) => `Make a segment of the ${plural(n, 'customer')} who ${criterion}`);
}

export const topCustomers: Question<'top_customers'> = {
  name: 'top_customers',
  params: TopCustomersParamsSchema,
  async run(db, userId, params, clock) {
    const span = params.period ? resolvePeriod(params.period, clock) : null;
    const rows = span ? await within(db, userId, params, span, clock.now) : await lifetime(db, userId, params);
    const bySpend = params.by === 'spend';
    const when = span ? ` ${span.words}` : '';
    const title = `Top ${params.limit} customers by ${bySpend ? 'spend' : 'visits'}${span ? `, ${span.title.charAt(0).toLowerCase()}${span.title.slice(1)}` : ''}`;
    if (rows.length === 0) return emptyAnswer(title, `No customer ${bySpend ? 'has spent anything' : 'has visited'}${when} yet.`);
    const top = rows[0]!;
    const name = (r: Ranked) => customerName(r.given_name, r.family_name);
    const spent = (r: Ranked) => money(Number(r.spent));
    const takeaway = bySpend
      ? `Your top customer${when} is ${name(top)}: ${spent(top)} over ${plural(top.visits, 'visit')}.`
      : `Your most frequent customer${when} is ${name(top)}: ${plural(top.visits, 'visit')}, ${spent(top)} spent.`;
    const together = bySpend ? money(rows.reduce((s, r) => s + Number(r.spent), 0)) : plural(rows.reduce((s, r) => s + r.visits, 0), 'visit');
    const others = rows.slice(1, 4).map((r) => `${name(r)} (${bySpend ? spent(r) : plural(r.visits, 'visit')})`);
    const sum = rows.length > 1 ? ` Together your top ${rows.length}${bySpend ? ' spent' : ' made'} ${together}${when}.` : '';
    const text = `${takeaway}${others.length ? ` Then ${others.join(', ')}.` : ''}${sum}`;
    return {
      graph: {
        graph_type: 'bar',
        title,
        unit: bySpend ? 'dollars' : 'count',
        data: { labels: rows.map(name), values: rows.map((r) => (bySpend ? dollarsValue(Number(r.spent)) : r.visits)) },
      },
      takeaway,
      text,
      offer: await offerFor(db, userId, params, rows.at(-1)!, clock),
      empty: false,
    };
  },
};
