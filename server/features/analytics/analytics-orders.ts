import { sql, type RawBuilder } from 'kysely';
import type { Grouping } from '../../../src/contract/ask-questions.ts';
import type { Db } from '../../db/client.ts';

/**
 * Sales and visits: every order counts, with or without a known customer (a walk-in's coffee is still a
 * sale). Calendar buckets and period totals read the trigger-kept quarter-hours of `order_sales_slots` and only
 * a span's ragged ends from `orders`; the rest reads `orders` through the (user_id, occurred_at) covering index
 * of the segments work. Buckets are taken in the restaurant's time zone; every value is a bound parameter.
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

/** The quarter-hours of `order_sales_slots` (migration 0300): UTC, from the epoch, so every local hour and day of a zone in use is a whole number of them. */
const SLOT_MS = 15 * 60_000;
const slotFloor = (d: Date) => new Date(Math.floor(d.getTime() / SLOT_MS) * SLOT_MS);
const slotCeil = (d: Date) => new Date(Math.ceil(d.getTime() / SLOT_MS) * SLOT_MS);

/**
 * Sales (cents) and visits between consecutive `edges` (bucket i is [edges[i], edges[i+1])), found with
 * width_bucket over instants computed in the restaurant's time zone beforehand: a binary search per row
 * instead of a time-zone conversion and a truncation per row. Days, weeks, months and hours of any zone,
 * daylight saving included, come out exact because the edges are.
 *
 * The whole quarter-hours inside the span are read from the trigger-kept `order_sales_slots` (a year is ~35,000
 * rows at most instead of every order), and only the ragged ends (a span running up to now) from `orders`; this
 * needs every inner edge on a quarter-hour, which every zone in use gives (an edge off the grid, say a local
 * midnight of 1900 in a zone that had a 0:44:30 offset, reads everything from `orders`). Both give the same
 * figures as summing the orders themselves.
 */
export async function orderTotalsBetween(db: Db, userId: string, edges: Date[]): Promise<Totals[]> {
  const totals: Totals[] = Array.from({ length: Math.max(0, edges.length - 1) }, () => ({ sales: 0, visits: 0 }));
  if (edges.length < 2) return totals;
  const first = edges[0]!;
  const last = edges.at(-1)!;
  const onGrid = edges.slice(1, -1).every((edge) => edge.getTime() % SLOT_MS === 0);
  // The slots read: [from, to); the orders read: [first, from) and [to, last). Nothing from the slots when none fits whole.
  let from = slotCeil(first);
  let to = slotFloor(last);
  if (!onGrid || to <= from) from = to = first;
  const thresholds = sql`${`{${edges.map((edge) => edge.toISOString()).join(',')}}`}::timestamptz[]`;
  const { rows } = await sql<{ bucket: number; sales: number; visits: number }>`
    SELECT x.bucket, sum(x.sales)::float8 AS sales, sum(x.visits)::int AS visits FROM (
      SELECT width_bucket(s.slot_start, ${thresholds}) AS bucket, s.sales_cents AS sales, s.visits
      FROM order_sales_slots s WHERE s.user_id = ${userId} AND s.slot_start >= ${from} AND s.slot_start < ${to}
      UNION ALL
      SELECT width_bucket(o.occurred_at, ${thresholds}), o.total_cents, 1
      FROM orders o WHERE o.user_id = ${userId}
        AND ((o.occurred_at >= ${first} AND o.occurred_at < ${from}) OR (o.occurred_at >= ${to} AND o.occurred_at < ${last}))
    ) x GROUP BY 1`.execute(db);
  for (const row of rows) {
    const slot = totals[Number(row.bucket) - 1];
    if (slot) {
      slot.sales = Number(row.sales);
      slot.visits = Number(row.visits);
    }
  }
  return totals;
}

/** Sales (cents) and visits in each of two spans ("this year so far" and the same stretch of last year). */
export async function orderTotalsIn(db: Db, userId: string, a: TimeSpan, b: TimeSpan) {
  const [inA] = await orderTotalsBetween(db, userId, [a.start, a.end]);
  const [inB] = await orderTotalsBetween(db, userId, [b.start, b.end]);
  return { a: inA ?? { sales: 0, visits: 0 }, b: inB ?? { sales: 0, visits: 0 } };
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
