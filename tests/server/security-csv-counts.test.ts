import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21 §7: CSV import counts add up, what was not read is said with why, a malformed row is reported.
describe('CSV import counts', () => {
  let t: TestApp;
  let free: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    free = await signUpVerified(t);
  }, 180_000);
  afterAll(() => t.close());

  const upload = (csv: string, token: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
    return call(t.app, 'POST', '/api/v1/customers/auto/customer-by-csv', form, token, { Origin: 'http://localhost' });
  };
  const rows = (n: number) => ['First Name,Last Name,Email', ...Array.from({ length: n }, (_, i) => `Guest,Number${i},guest${i}@example.com`)].join('\n');

  it('a file larger than the Free plan allows: total_rows = imported + updated + skipped, and the rest is said not read, with why', async () => {
    const res = await upload(rows(25_000), free.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.total_rows).toBe(data.imported + data.updated + data.skipped);
    expect(data.not_read).toBeTruthy();
    expect(data.not_read.from_row).toBeGreaterThan(2);
    expect(data.not_read.from_row).toBeLessThanOrEqual(25_001);
    expect(data.not_read.reason).toMatch(/plan/i);
    // Every row read is either in the customers or among the skipped ones.
    const stored = await t.deps.db.selectFrom('customers').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', free.userId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(data.imported);
  });

  it('an unbalanced quote is reported as a malformed row instead of silently merging fields into a name', async () => {
    const owner = await signUpVerified(t);
    const csv = ['First Name,Last Name,Email', 'Ana,Lopez,ana@example.com', '"Broken,Quote,broken@example.com', 'Bo,Chen,bo@example.com'].join('\n');
    const res = await upload(csv, owner.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.total_rows).toBe(data.imported + data.updated + data.skipped);
    const quoteError = data.errors.find((e: { detail: string }) => /unbalanced quote/.test(e.detail));
    expect(quoteError).toBeTruthy();
    expect(quoteError.row).toBe(3);
    // Nothing named after the merged fields.
    const names = await t.deps.db.selectFrom('customers').select(['given_name', 'family_name']).where('user_id', '=', owner.userId).execute();
    expect(names.every((n) => !String(n.given_name ?? '').includes(',') && !String(n.given_name ?? '').includes('\n'))).toBe(true);
    expect(names.map((n) => n.given_name)).toContain('Ana');
  });
});
