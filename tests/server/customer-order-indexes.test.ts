import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomers } from '../../server/features/customers/customers.service.ts';
import { segmentCustomersPage } from '../../server/features/segments/segments.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 17's load (migration 0330): the customer list by name and a segment's customers by spend read their first page
// from an index in that order, instead of sorting all of the owner's customers for every page.
describe('first pages of big customer lists (migration 0330)', () => {
  let t: TestApp;
  let owner: string;
  const captured: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node }) => {
      captured.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    owner = (await db.insertInto('users').values({ name: 'Owner', email: 'big@cafe.test' }).returning('id').executeTakeFirstOrThrow()).id;
    const other = (await db.insertInto('users').values({ name: 'Other', email: 'other@cafe.test' }).returning('id').executeTakeFirstOrThrow()).id;
    // 3,000 customers each (names 'Guest 0001'…, spend going up with the number), one deleted.
    for (const user of [owner, other]) {
      await sql`INSERT INTO customers (user_id, given_name, family_name, email, source, total_spent_cents, visit_count)
        SELECT ${user}, 'Guest ' || lpad(g::text, 4, '0'), 'Load', 'guest' || g || '@example.com', 'csv', g * 100, 1 FROM generate_series(1, 3000) g`.execute(db);
    }
    await sql`UPDATE customers SET deleted_at = now() WHERE user_id = ${owner} AND given_name = 'Guest 0001'`.execute(db);
    await sql`ANALYZE customers`.execute(db);
  });
  afterAll(() => t?.close());

  /** The plan of the statement a service call sent, as PostgreSQL's JSON. */
  async function planOf(run: () => Promise<unknown>, pick: (node: RootOperationNode) => boolean) {
    captured.length = 0;
    await run();
    const node = captured.find(pick);
    if (!node) throw new Error('statement not captured');
    const compiled = t.deps.db.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
    const result = await t.deps.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]));
    return JSON.stringify(result.rows[0]!['QUERY PLAN']);
  }
  const isPageQuery = (node: RootOperationNode) => node.kind === 'SelectQueryNode' && Boolean(node.limit);

  it('lists customers by name from the name index, the deleted one left out', async () => {
    const db = t.deps.db.withPlugin(capture);
    const page = await listCustomers(db, owner, { page: 1, sort: 'name', search: '' });
    expect(page.results.customers.slice(0, 3).map((c) => c.given_name)).toEqual(['Guest 0002', 'Guest 0003', 'Guest 0004']);
    expect(page.results.total).toBe(2999);
    const plan = await planOf(() => listCustomers(db, owner, { page: 1, sort: 'name', search: '' }), isPageQuery);
    expect(plan).toContain('customers_name_order_idx');
    expect(plan).not.toContain('"Node Type": "Sort"');
  });

  it("pages a segment's customers, biggest spenders first, from the spend index", async () => {
    const db = t.deps.db.withPlugin(capture);
    const definition = { type: 'group', op: 'and', conditions: [{ type: 'created', op: 'within', period: { kind: 'last_days', days: 30 } }] };
    const page = await segmentCustomersPage(db, owner, definition as never, new Date(), 1);
    expect(page.count).toBe(2999);
    expect(page.customers.slice(0, 2).map((c) => c.name)).toEqual(['Guest 3000 Load', 'Guest 2999 Load']);
    const plan = await planOf(() => segmentCustomersPage(db, owner, definition as never, new Date(), 1), isPageQuery);
    expect(plan).toContain('customers_spent_order_idx');
  });
});
