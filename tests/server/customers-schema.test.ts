import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('customers schema (migration 0010)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates customers and orders with the agreed unique keys', async () => {
    const user = await t.deps.db.insertInto('users').values({ name: 'Owner', email: 'o@example.com' }).returning('id').executeTakeFirstOrThrow();
    const base = { user_id: user.id, source: 'manual' as const, total_spent_cents: 0 };
    const first = await t.deps.db.insertInto('customers').values({ ...base, email: 'a@example.com' }).returning('id').executeTakeFirstOrThrow();
    await expect(t.deps.db.insertInto('customers').values({ ...base, email: 'a@example.com' }).execute()).rejects.toThrow();
    // A soft-deleted customer frees the email for a new one.
    await t.deps.db.updateTable('customers').set({ deleted_at: new Date() }).where('id', '=', first.id).execute();
    await t.deps.db.insertInto('customers').values({ ...base, email: 'a@example.com' }).execute();
    await t.deps.db.insertInto('orders').values({ user_id: user.id, customer_id: first.id, occurred_at: new Date(), total_cents: 1250, source: 'manual' }).execute();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(t.deps.db);
    expect(rows[0]?.n).toBe(1);
  });
});
