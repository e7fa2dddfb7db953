import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/client.ts';
import { orderTotalsBetween } from '../../server/features/analytics/analytics-orders.ts';
import { comparisonSpans } from '../../server/features/analytics/analytics-periods.ts';
import { answerQuestion, isAnswer } from '../../server/features/analytics/analytics-registry.ts';
import { addDays, addMonths, startOfDate, today, type CivilDate } from '../../src/contract/zoned-time.ts';
import { openTestDatabase } from './analytics-fixtures.ts';

/**
 * The quarter-hours of `order_sales_slots` (migration 0300) against the orders themselves: the table equals a
 * GROUP BY over `orders` after every kind of write, and every answer read from it equals the same sums taken
 * from the orders, in zones whose days start on the hour, the half hour and the quarter-hour, across daylight
 * saving, for spans that end at an instant that is on no grid (now).
 */

// A Thursday afternoon, on no quarter-hour: "so far" spans end in the middle of a slot.
const NOW = new Date('2025-11-27T15:37:12.345Z');
/** Five minutes into a quarter-hour three days before: a span starting there reads its first minutes from the orders. */
const RAGGED_START = new Date(Math.floor((NOW.getTime() - 3 * 86_400_000) / 900_000) * 900_000 + 300_000);
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Europe/London'];

let handle: DbHandle;
let mine: string;
let theirs: string;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** `n` orders spread over the 15 months before NOW and a few days after it, some on exact local midnights and quarter-hours. */
async function addOrders(userId: string, n: number, seed: number) {
  const next = random(seed);
  const customers = await handle.db.selectFrom('customers').select('id').where('user_id', '=', userId).execute();
  const values = Array.from({ length: n }, (_, i) => {
    let at = new Date(NOW.getTime() - next() * 460 * 86_400_000 + 3 * 86_400_000);
    if (i % 7 === 0) at = new Date(Math.floor(at.getTime() / 900_000) * 900_000); // on a quarter-hour
    if (i % 11 === 0) at = startOfDate(today(at, ZONES[i % ZONES.length]!), ZONES[i % ZONES.length]!); // a local midnight
    if (i % 13 === 0) at = new Date(Math.floor(at.getTime() / 900_000) * 900_000 - 1); // the last millisecond of a slot
    const customer = i % 5 === 0 || customers.length === 0 ? null : customers[i % customers.length]!.id; // walk-ins count too
    return { user_id: userId, customer_id: customer, occurred_at: at, total_cents: 150 + Math.floor(next() * 5000), source: 'csv' as const };
  });
  // The minutes around NOW itself: before it, on it, after it.
  values.push({ user_id: userId, customer_id: null, occurred_at: new Date(NOW.getTime() - 1), total_cents: 111, source: 'csv' as const });
  values.push({ user_id: userId, customer_id: null, occurred_at: new Date(RAGGED_START.getTime() - 60_000), total_cents: 444, source: 'csv' });
  values.push({ user_id: userId, customer_id: null, occurred_at: new Date(RAGGED_START.getTime() + 60_000), total_cents: 555, source: 'csv' });
  values.push({ user_id: userId, customer_id: null, occurred_at: NOW, total_cents: 222, source: 'csv' });
  values.push({ user_id: userId, customer_id: null, occurred_at: new Date(NOW.getTime() - 60_000 * 7), total_cents: 333, source: 'csv' });
  await handle.db.insertInto('orders').values(values).execute();
}

async function slotsTable() {
  const { rows } = await sql<{ user_id: string; slot: string; sales: number; visits: number }>`
    SELECT user_id, slot_start::text AS slot, sales_cents::float8 AS sales, visits FROM order_sales_slots ORDER BY 1, 2`.execute(handle.db);
  return rows;
}
async function slotsFromOrders() {
  const { rows } = await sql<{ user_id: string; slot: string; sales: number; visits: number }>`
    SELECT user_id, date_bin('15 minutes', occurred_at, timestamptz '2000-01-01 00:00:00+00')::text AS slot, sum(total_cents)::float8 AS sales, count(*)::int AS visits
    FROM orders GROUP BY 1, 2 ORDER BY 1, 2`.execute(handle.db);
  return rows;
}

/** The old raw computation: every order between the edges, bucketed by width_bucket. */
async function rawBetween(userId: string, edges: Date[]) {
  const totals = Array.from({ length: edges.length - 1 }, () => ({ sales: 0, visits: 0 }));
  const { rows } = await sql<{ bucket: number; sales: number; visits: number }>`
    SELECT width_bucket(occurred_at, ${`{${edges.map((e) => e.toISOString()).join(',')}}`}::timestamptz[]) AS bucket, sum(total_cents)::float8 AS sales, count(*)::int AS visits
    FROM orders WHERE user_id = ${userId} AND occurred_at >= ${edges[0]!} AND occurred_at < ${edges.at(-1)!} GROUP BY 1`.execute(handle.db);
  for (const row of rows) totals[Number(row.bucket) - 1] = { sales: Number(row.sales), visits: Number(row.visits) };
  return totals;
}

/** Edges the questions use in `zone`: month starts (12 months, then now), day starts (40 days, then now), hours of 3 days (then now). */
function edgeSets(zone: string): Date[][] {
  const t = today(NOW, zone);
  const monthStart: CivilDate = { ...t, day: 1 };
  const months = Array.from({ length: 12 }, (_, i) => startOfDate(addMonths(monthStart, i - 11), zone));
  const days = Array.from({ length: 40 }, (_, i) => startOfDate(addDays(t, i - 39), zone));
  const hours: Date[] = [];
  for (let d = addDays(t, -2); d.day !== addDays(t, 1).day; d = addDays(d, 1)) {
    const start = startOfDate(d, zone).getTime();
    const end = startOfDate(addDays(d, 1), zone).getTime();
    for (let h = start; h < end && h < NOW.getTime(); h += 3_600_000) hours.push(new Date(h));
  }
  // A whole past year (no ragged end), a span that starts and ends off the grid, and one shorter than a slot.
  const lastYear = [startOfDate({ year: t.year - 1, month: 1, day: 1 }, zone), startOfDate({ year: t.year, month: 1, day: 1 }, zone)];
  const ragged = [RAGGED_START, ...days.slice(-2), NOW];
  return [[...months, NOW], [...days, NOW], [...hours, NOW], lastYear, ragged, [new Date(NOW.getTime() - 5 * 60_000), NOW]];
}

async function expectSameAsOrders() {
  expect(await slotsTable()).toEqual(await slotsFromOrders());
  for (const zone of ZONES) {
    for (const edges of edgeSets(zone)) {
      for (const userId of [mine, theirs]) expect(await orderTotalsBetween(handle.db, userId, edges), `${zone}, ${edges.length} edges`).toEqual(await rawBetween(userId, edges));
    }
  }
}

/** What the two slow questions answer, against sums over the orders in the restaurant's zone. */
async function expectAnswersFromOrders(userId: string, zone: string) {
  const ask = async (question: string, params: unknown) => {
    const result = await answerQuestion(handle.db, userId, { question, params }, { now: NOW, timeZone: zone });
    if (!isAnswer(result)) throw new Error(result.message);
    return result;
  };
  const byMonth = await ask('sales_breakdown', { by: 'month' });
  const { rows } = await sql<{ month: string; sales: number }>`
    SELECT date_trunc('month', occurred_at AT TIME ZONE ${zone})::date::text AS month, sum(total_cents)::float8 / 100 AS sales
    FROM orders WHERE user_id = ${userId} AND occurred_at >= ${startOfDate(addMonths({ ...today(NOW, zone), day: 1 }, -11), zone)} AND occurred_at < ${NOW}
    GROUP BY 1 ORDER BY 1`.execute(handle.db);
  expect(byMonth.graph.data.values).toEqual(rows.map((r) => Math.round(r.sales * 100) / 100));

  const years = await ask('compare_periods', { period: { kind: 'this_year' } });
  const { a, b } = comparisonSpans({ kind: 'this_year' }, undefined, { now: NOW, timeZone: zone });
  const sum = async (start: Date, end: Date) =>
    Number((await sql<{ s: number }>`SELECT coalesce(sum(total_cents), 0)::float8 / 100 AS s FROM orders WHERE user_id = ${userId} AND occurred_at >= ${start} AND occurred_at < ${end}`.execute(handle.db)).rows[0]!.s);
  expect(years.graph.data.values).toEqual([Math.round((await sum(a.start, a.end)) * 100) / 100, Math.round((await sum(b.start, b.end)) * 100) / 100]);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const owner = async (name: string) => (await handle.db.insertInto('users').values({ name, email: `${name}@slots.test`, verified_at: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  mine = await owner('mine');
  theirs = await owner('theirs');
  await handle.db.insertInto('customers').values([1, 2, 3].map((i) => ({ user_id: mine, given_name: `Guest ${i}`, source: 'csv' }))).execute();
});
afterAll(() => handle?.close());

describe('sales per quarter-hour, kept by triggers on orders', () => {
  it('after inserts (one owner, then another owner on the same moments)', async () => {
    await addOrders(mine, 1500, 1);
    await expectSameAsOrders();
    await addOrders(theirs, 800, 1);
    await addOrders(theirs, 400, 2);
    await expectSameAsOrders();
    for (const zone of ZONES) await expectAnswersFromOrders(mine, zone);
  });

  it('after updates of amounts, moments (across slots, days and months) and owners, and updates that change nothing it counts', async () => {
    await sql`UPDATE orders SET total_cents = total_cents + 77 WHERE user_id = ${mine} AND total_cents % 3 = 0`.execute(handle.db);
    await expectSameAsOrders();
    await sql`UPDATE orders SET occurred_at = occurred_at - interval '1 day 7 minutes' WHERE user_id = ${mine} AND total_cents % 4 = 1`.execute(handle.db);
    await sql`UPDATE orders SET occurred_at = occurred_at + interval '40 days' WHERE user_id = ${theirs} AND total_cents % 5 = 2`.execute(handle.db);
    await expectSameAsOrders();
    // Orders handed to the other owner (a merge of two accounts), and a change of customer only.
    await sql`UPDATE orders SET user_id = ${theirs}, customer_id = NULL WHERE user_id = ${mine} AND total_cents % 9 = 4`.execute(handle.db);
    await sql`UPDATE orders SET location_id = 'L1', customer_id = NULL WHERE user_id = ${mine} AND total_cents % 2 = 0`.execute(handle.db);
    await expectSameAsOrders();
    for (const zone of ZONES) await expectAnswersFromOrders(mine, zone);
  });

  it('after deletes: no empty quarter-hour is left behind; a deleted customer keeps its sales; a deleted owner takes its rows', async () => {
    await sql`DELETE FROM orders WHERE user_id = ${mine} AND total_cents % 6 = 1`.execute(handle.db);
    await expectSameAsOrders();
    expect((await slotsTable()).every((row) => row.visits > 0)).toBe(true);
    await handle.db.deleteFrom('customers').where('user_id', '=', mine).execute();
    await expectSameAsOrders();
    for (const zone of ZONES) await expectAnswersFromOrders(mine, zone);
    await handle.db.deleteFrom('users').where('id', '=', theirs).execute();
    expect(await slotsTable()).toEqual(await slotsFromOrders());
    expect((await slotsTable()).some((row) => row.user_id === theirs)).toBe(false);
  });
});
