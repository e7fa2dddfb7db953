import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEntitlement } from '../../server/features/subscriptions/entitlements.ts';
import { AppError } from '../../server/lib/app-error.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

async function addCustomers(t: TestApp, userId: string, count: number, offset = 0) {
  const rows = Array.from({ length: count }, (_, i) => ({ user_id: userId, given_name: `Guest ${offset + i}`, email: `guest${offset + i}@diner.test`, source: 'manual' as const }));
  for (let i = 0; i < rows.length; i += 250) await t.deps.db.insertInto('customers').values(rows.slice(i, i + 250)).execute();
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('plan limits (entitlements)', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    other = await signUpVerified(t, { name: 'Kai Other' });
  });
  afterAll(() => t.close());

  it('lets a Free owner reach 500 contacts and refuses the 501st with an upgrade hint', async () => {
    await addCustomers(t, owner.userId, 499);
    await expect(checkEntitlement(t.deps.db, owner.userId, 'contacts', 1)).resolves.toBeUndefined();
    await addCustomers(t, owner.userId, 1, 499);
    const error = await refusal(checkEntitlement(t.deps.db, owner.userId, 'contacts', 1));
    expect(error.status).toBe(402);
    expect(error.code).toBe('plan_limit');
    expect(error.message).toBe('Your Free plan allows 500 contacts. Upgrade to Basic to add more.');
  });

  it('names the cheapest plan that fits a big import', async () => {
    const error = await refusal(checkEntitlement(t.deps.db, owner.userId, 'contacts', 3000));
    expect(error.message).toBe('Your Free plan allows 500 contacts. This would be 3,000 over. Upgrade to Professional to add more.');
    const texts = await refusal(checkEntitlement(t.deps.db, owner.userId, 'textsPerMonth', 26));
    expect(texts.message).toBe('Your Free plan allows 25 texts a month. This would be 1 over. Upgrade to Basic to send more.');
  });

  it('counts only live contacts of this owner', async () => {
    await t.deps.db.updateTable('customers').set({ deleted_at: new Date() }).where('user_id', '=', owner.userId).where('given_name', '=', 'Guest 0').execute();
    await expect(checkEntitlement(t.deps.db, owner.userId, 'contacts', 1)).resolves.toBeUndefined();
    await expect(checkEntitlement(t.deps.db, other.userId, 'contacts', 500)).resolves.toBeUndefined();
    const summary = await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, owner.token);
    expect(summary.body.usage[0]).toEqual({ key: 'contacts', label: 'Contacts', used: 499, limit: 500, counted: true });
  });

  it('follows the plan: Basic raises the limit to 2,500', async () => {
    await addCustomers(t, owner.userId, 1, 1000);
    await refusal(checkEntitlement(t.deps.db, owner.userId, 'contacts', 1));
    await call(t.app, 'POST', '/api/v1/subscriptions/card', { provider: 'builtin', name: 'Rosa', number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' }, owner.token);
    expect((await call(t.app, 'POST', '/api/v1/subscriptions', { planId: 'basic' }, owner.token)).status).toBe(200);
    await expect(checkEntitlement(t.deps.db, owner.userId, 'contacts', 2000)).resolves.toBeUndefined();
    const error = await refusal(checkEntitlement(t.deps.db, owner.userId, 'contacts', 2001));
    expect(error.message).toBe('Your Basic plan allows 2,500 contacts. This would be 1 over. Upgrade to Professional to add more.');
  });

  it('tells a Premium owner at the top that no plan allows more', async () => {
    await call(t.app, 'POST', '/api/v1/subscriptions', { planId: 'premium' }, owner.token);
    const error = await refusal(checkEntitlement(t.deps.db, owner.userId, 'teamMembers', 15));
    expect(error.message).toBe('Your Premium plan allows 15 team members. This would be 1 over. That is the most any plan allows; contact us for more.');
  });
});
