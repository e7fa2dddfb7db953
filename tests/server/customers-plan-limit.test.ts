import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../server/features/subscriptions/plans.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

describe("the plan's contact limit on adding customers", () => {
  let t: TestApp;
  let owner: TestAccount;
  const limit = PLANS.free.limits.contacts;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    // Fill the Free plan to one short of its limit, straight in the database.
    await sql`insert into customers (user_id, given_name, source)
              select ${owner.userId}::uuid, 'Guest ' || n, 'manual' from generate_series(1, ${limit - 1}) as n`.execute(t.deps.db);
  });
  afterAll(() => t.close());

  const add = (email: string) =>
    call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', { given_name: 'Ana', email_address: email }, owner.token);

  it('takes the last contact the plan allows, then refuses with 402 and the plan to upgrade to', async () => {
    expect((await add('last@cafe.test')).status).toBe(201);
    const refused = await add('one-too-many@cafe.test');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatch(/Free plan allows .*contacts.*Upgrade to Basic/);
    expect(refused.body.data.errors[0].detail).toMatch(/Upgrade to Basic/);
    const count = await sql<{ n: number }>`select count(*)::int as n from customers where user_id = ${owner.userId}::uuid`.execute(t.deps.db);
    expect(count.rows[0]!.n).toBe(limit);
  });

  const importCsv = (csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'guests.csv');
    return call(t.app, 'POST', '/api/v1/customers/auto/customer-by-csv', form, owner.token, { Origin: 'http://localhost' });
  };

  it('a CSV that would go past the limit adds no one and says why, while updates of known customers still go through', async () => {
    const over = await importCsv('First Name,Email\nBo,bo@cafe.test\nCy,cy@cafe.test\n');
    expect(over.status).toBe(200);
    expect(over.body.data).toMatchObject({ imported: 0, skipped: 2 });
    expect(over.body.data.errors[0]).toMatchObject({ row: 2 });
    expect(over.body.data.errors[0].detail).toMatch(/Free plan allows .*Upgrade to Basic.*Rows from 2 on were not imported/);

    const update = await importCsv('First Name,Email\nAnabel,last@cafe.test\n');
    expect(update.body.data).toMatchObject({ imported: 0, updated: 1, skipped: 0 });
    const count = await sql<{ n: number }>`select count(*)::int as n from customers where user_id = ${owner.userId}::uuid`.execute(t.deps.db);
    expect(count.rows[0]!.n).toBe(limit);
  });
});
