import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainSegmentTables } from '../../server/features/segments/segments.jobs.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedCustomer } from './segments-fixtures.ts';

/** order_rollups must always equal what the orders say, whatever writes the orders. */
describe('order rollups kept by triggers on orders', () => {
  let t: TestApp;
  let owner: TestAccount;
  let ann: string;
  let ben: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    ann = await seedCustomer(t.deps.db, owner.userId, {
      given_name: 'Ann',
      orders: [
        [new Date('2025-01-31T23:30:00Z'), 1000],
        [new Date('2025-02-01T00:10:00Z'), 2000],
        [new Date('2024-12-31T12:00:00Z'), 400],
      ],
    });
    ben = await seedCustomer(t.deps.db, owner.userId, { given_name: 'Ben', orders: [[new Date('2025-02-14T19:00:00Z'), 5000]] });
  });
  afterAll(() => t.close());

  async function rollups() {
    const rows = await t.deps.db
      .selectFrom('order_rollups')
      .select(['customer_id', 'period_kind', 'period_start', 'visits', sql<number>`spent_cents::float8`.as('spent')])
      .orderBy('customer_id')
      .orderBy('period_kind')
      .orderBy('period_start')
      .execute();
    return rows.map((r) => ({ ...r, spent: Number(r.spent) }));
  }
  async function fromOrders() {
    const { rows } = await sql<{ customer_id: string; period_kind: string; period_start: string; visits: number; spent: number }>`
      SELECT o.customer_id, k.kind AS period_kind, date_trunc(k.kind, o.occurred_at AT TIME ZONE 'UTC')::date::text AS period_start,
             count(*)::int AS visits, sum(o.total_cents)::float8 AS spent
      FROM orders o JOIN customers c ON c.id = o.customer_id CROSS JOIN (VALUES ('month'), ('year')) k(kind)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(t.deps.db);
    return rows.map((r) => ({ ...r, spent: Number(r.spent) }));
  }
  const expectInStep = async () => expect(await rollups()).toEqual(await fromOrders());

  it('fills months and years in UTC on insert', async () => {
    await expectInStep();
    const annRows = (await rollups()).filter((r) => r.customer_id === ann);
    expect(annRows).toEqual([
      { customer_id: ann, period_kind: 'month', period_start: '2024-12-01', visits: 1, spent: 400 },
      { customer_id: ann, period_kind: 'month', period_start: '2025-01-01', visits: 1, spent: 1000 },
      { customer_id: ann, period_kind: 'month', period_start: '2025-02-01', visits: 1, spent: 2000 },
      { customer_id: ann, period_kind: 'year', period_start: '2024-01-01', visits: 1, spent: 400 },
      { customer_id: ann, period_kind: 'year', period_start: '2025-01-01', visits: 2, spent: 3000 },
    ]);
  });

  it('follows an amount change, a move to another customer (a merge) and a deletion', async () => {
    await t.deps.db.updateTable('orders').set({ total_cents: 2500 }).where('customer_id', '=', ann).where('total_cents', '=', 2000).execute();
    await expectInStep();
    await t.deps.db.updateTable('orders').set({ customer_id: ben }).where('customer_id', '=', ann).where('total_cents', '=', 1000).execute();
    await expectInStep();
    await t.deps.db.deleteFrom('orders').where('customer_id', '=', ann).where('total_cents', '=', 400).execute();
    await expectInStep();
    // No empty rows are left behind.
    expect((await rollups()).every((r) => r.visits > 0)).toBe(true);
  });

  it('ignores updates that change nothing it counts, and orders without a customer', async () => {
    await t.deps.db.updateTable('orders').set({ location_id: 'L1' }).execute();
    await t.deps.db.insertInto('orders').values({ user_id: owner.userId, customer_id: null, occurred_at: new Date(), total_cents: 999, source: 'square' }).execute();
    await expectInStep();
  });

  it('goes with a customer who is deleted for good', async () => {
    await t.deps.db.deleteFrom('customers').where('id', '=', ben).execute();
    expect((await rollups()).filter((r) => r.customer_id === ben)).toEqual([]);
    await expectInStep();
  });

  it('handles one statement that inserts many orders for the same customer and month', async () => {
    await sql`INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
      SELECT ${owner.userId}::uuid, ${ann}::uuid, timestamptz '2025-03-01' + g * interval '1 hour', 100, 'csv' FROM generate_series(1, 50) g`.execute(t.deps.db);
    await expectInStep();
    expect((await rollups()).find((r) => r.customer_id === ann && r.period_kind === 'month' && r.period_start === '2025-03-01')).toMatchObject({ visits: 50, spent: 5000 });
  });

  it('the maintenance job vacuums and analyzes the tables segment queries read (PGlite never does on its own)', async () => {
    await maintainSegmentTables(t.deps);
    const { rows } = await sql<{ relname: string; analyzed: boolean; vacuumed: boolean; all_visible: boolean }>`
      SELECT s.relname, coalesce(s.last_analyze, s.last_autoanalyze) IS NOT NULL AS analyzed, s.last_vacuum IS NOT NULL AS vacuumed,
             c.relallvisible = c.relpages AS all_visible
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.relname IN ('customers', 'orders', 'order_rollups') ORDER BY s.relname`.execute(t.deps.db);
    // All-visible pages are what let the covering indexes answer without reading the table.
    expect(rows).toEqual([
      { relname: 'customers', analyzed: true, vacuumed: true, all_visible: true },
      { relname: 'order_rollups', analyzed: true, vacuumed: true, all_visible: true },
      { relname: 'orders', analyzed: true, vacuumed: true, all_visible: true },
    ]);
  });

});

/** The hourly maintenance run on a quiet database must not stall PGlite's only connection for nothing. */
describe('segment table maintenance when nothing changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('analyzes a table once, and not again while no row of it changed', async () => {
    // No row is written here, so no late statistics can count a change between the runs.
    const analyzed = async () =>
      (await sql<{ relname: string; runs: number }>`
        SELECT relname, (analyze_count + autoanalyze_count)::int AS runs FROM pg_stat_user_tables
        WHERE schemaname = current_schema() AND relname IN ('customers', 'orders') ORDER BY relname`.execute(t.deps.db)).rows;
    await maintainSegmentTables(t.deps);
    const once = await analyzed();
    expect(once.map((row) => row.runs >= 1)).toEqual([true, true]);
    await maintainSegmentTables(t.deps);
    expect(await analyzed()).toEqual(once);
  });
});
