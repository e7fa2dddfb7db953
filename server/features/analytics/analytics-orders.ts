import { sql, type RawBuilder } from 'kysely';
import type { Grouping } from '../../../src/contract/ask-questions.ts';
import type { Db } from '../../db/client.ts';

/**
 * Sales and visits read straight from `orders`: every order counts, with or without a known customer (a
 * walk-in's coffee is still a sale). The range filter is the (user_id, occurred_at) covering index of the
 * segments work, so a month of orders is read from the index alone. Buckets are taken in the restaurant's
 * time zone; every value is a bound parameter.
 */

export type TimeSpan = { start: Date; end: Date };
export type BucketRow = { bucket: string; sales: number; visits: number };

const local = (timeZone: string) => sql`(o.occurred_at AT TIME ZONE ${timeZone})`;

function bucketOf(by: Grouping, timeZone: string): RawBuilder<string> {
  const at = local(timeZone);
  switch (by) {
    case 'day':
      return sql<string>`(${at})::date::text`;
    case 'week':
      return sql<string>`date_trunc('week', ${at})::date::text`;
    case 'month':
      return sql<string>`date_trunc('month', ${at})::date::text`;
    case 'weekday':
      return sql<string>`extract(isodow from ${at})::int::text`;
    case 'hour':
      return sql<string>`extract(hour from ${at})::int::text`;
  }
}

/** Sales (cents) and visits per bucket in the span; `isoWeekday` (1 = Monday) keeps only that weekday. */
export async function orderTotalsBy(db: Db, userId: string, span: TimeSpan, by: Grouping, timeZone: string, isoWeekday?: number): Promise<BucketRow[]> {
  const rows = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where('o.occurred_at', '>=', span.start)
    .where('o.occurred_at', '<', span.end)
    .$if(isoWeekday !== undefined, (q) => q.where(sql<boolean>`extract(isodow from ${local(timeZone)}) = ${isoWeekday}`))
    .select([bucketOf(by, timeZone).as('bucket'), sql<number>`sum(o.total_cents)::float8`.as('sales'), sql<number>`count(*)::int`.as('visits')])
    .groupBy(sql`1`)
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, sales: Number(row.sales), visits: Number(row.visits) }));
}

export type Totals = { sales: number; visits: number };

/**
 * Sales (cents) and visits between consecutive `edges` (bucket i is [edges[i], edges[i+1])), found with
 * width_bucket over instants computed in the restaurant's time zone beforehand: a binary search per order
 * instead of a time-zone conversion and a truncation per order. Days, weeks and months of any zone, daylight
 * saving included, come out exact because the edges are.
 */
export async function orderTotalsBetween(db: Db, userId: string, edges: Date[]): Promise<Totals[]> {
  const totals: Totals[] = Array.from({ length: Math.max(0, edges.length - 1) }, () => ({ sales: 0, visits: 0 }));
  if (edges.length < 2) return totals;
  const thresholds = `{${edges.map((edge) => edge.toISOString()).join(',')}}`;
  const rows = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where('o.occurred_at', '>=', edges[0]!)
    .where('o.occurred_at', '<', edges.at(-1)!)
    .select([sql<number>`width_bucket(o.occurred_at, ${thresholds}::timestamptz[])`.as('bucket'), sql<number>`sum(o.total_cents)::float8`.as('sales'), sql<number>`count(*)::int`.as('visits')])
    .groupBy(sql`1`)
    .execute();
  for (const row of rows) {
    const slot = totals[Number(row.bucket) - 1];
    if (slot) {
      slot.sales = Number(row.sales);
      slot.visits = Number(row.visits);
    }
  }
  return totals;
}

/** Sales (cents) and visits in each of two spans, in one pass over the orders between them. */
export async function orderTotalsIn(db: Db, userId: string, a: TimeSpan, b: TimeSpan) {
  const inA = sql`o.occurred_at >= ${a.start} and o.occurred_at < ${a.end}`;
  const inB = sql`o.occurred_at >= ${b.start} and o.occurred_at < ${b.end}`;
  const row = await db
    .selectFrom('orders as o')
    .where('o.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('o.occurred_at', '>=', a.start), eb('o.occurred_at', '<', a.end)]),
        eb.and([eb('o.occurred_at', '>=', b.start), eb('o.occurred_at', '<', b.end)]),
      ]),
    )
    .select([
      sql<number>`coalesce(sum(o.total_cents) filter (where ${inA}), 0)::float8`.as('a_sales'),
      sql<number>`(count(*) filter (where ${inA}))::int`.as('a_visits'),
      sql<number>`coalesce(sum(o.total_cents) filter (where ${inB}), 0)::float8`.as('b_sales'),
      sql<number>`(count(*) filter (where ${inB}))::int`.as('b_visits'),
    ])
    .executeTakeFirstOrThrow();
  return {
    a: { sales: Number(row.a_sales), visits: Number(row.a_visits) },
    b: { sales: Number(row.b_sales), visits: Number(row.b_visits) },
  };
}

/**
 * Whether the trigger-kept monthly rollups (UTC calendar months, customer orders only) answer exactly for
 * this span: it starts at a UTC month boundary and ends at one, or runs up to now. Then per-customer figures
 * for the span are a few rows per customer instead of every order.
 */
export function rollupMonths(span: TimeSpan, now: Date): { first: string; last: string } | null {
  const isMonthStart = (d: Date) => d.getUTCDate() === 1 && d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  if (!isMonthStart(span.start)) return null;
  const toNow = span.end.getTime() >= now.getTime();
  if (!toNow && !isMonthStart(span.end)) return null;
  const lastMonth = toNow ? now : new Date(span.end.getTime() - 1);
  const iso = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
  return { first: iso(span.start), last: iso(lastMonth) };
}
