import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DAY, ordersBack, seedCustomer } from './segments-fixtures.ts';

describe('metrics API', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  const now = new Date();
  const year = now.getUTCFullYear();

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const db = t.deps.db;
    const seed = (given_name: string, rest: Parameters<typeof seedCustomer>[2]) => seedCustomer(db, owner.userId, { given_name, ...rest });
    // Ages: 20 (birthday already passed: 1 January), 30, 70, one with no year, one never said.
    await seed('Ann', { email: 'ann@x.test', email_consent: true, birthday: [1, 1, year - 20], orders: ordersBack(now, 4, 3000, 3), customer_since: new Date(now.getTime() - 400 * DAY) });
    await seed('Ben', { phone: '+14155550120', sms_consent: true, birthday: [12, 31, year - 30], orders: ordersBack(now, 1, 10_000, 100), customer_since: new Date(now.getTime() - 400 * DAY) });
    await seed('Cat', { birthday: [6, 1, year - 70], orders: ordersBack(now, 10, 5000, 10), customer_since: new Date(now.getTime() - 400 * DAY) });
    await seed('Dan', { birthday: [3, 3] });
    // Turns 18 on 31 December: 17 until then.
    await seed('Zoe', { birthday: [12, 31, year - 18] });
    await seed('Eli', {});
    await seed('Gone', { orders: ordersBack(now, 50, 10_000, 1), deleted: true });
    await seedCustomer(db, other.userId, { given_name: 'Theirs', orders: ordersBack(now, 50, 10_000, 1) });
  });
  afterAll(() => t.close());

  const get = (path: string, token = owner.token) => call(t.app, 'GET', `/api/v1/metrics${path}`, undefined, token);

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/v1/metrics/get-customers')).status).toBe(401);
  });

  it('get-customers: totals from SQL over this owner only', async () => {
    const res = await get('/get-customers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total_customers: 6,
      // Dan, Zoe and Eli were created just now.
      new_this_month: 3,
      returning_customers: 2,
      active_last_30_days: 2,
      lapsed_customers: 1,
      total_revenue: 4 * 3000 + 10_000 + 10 * 5000,
      average_spend: Math.round((12_000 + 10_000 + 50_000) / 3),
      average_order_value: Math.round(72_000 / 15),
      email_subscribers: 1,
      sms_subscribers: 1,
    });
  });

  it('get-customers-by-age: brackets from the birth year, Unknown when there is none', async () => {
    const res = await get('/get-customers-by-age');
    const counts = Object.fromEntries(res.body.data.data.map((row: { age_group: string; count: number }) => [row.age_group, row.count]));
    // Ann is 20 (1 January has passed), Ben 29 until 31 December, Cat 69 or 70.
    const zoeIsAdult = now.getUTCMonth() === 11 && now.getUTCDate() === 31;
    expect(counts).toMatchObject({ '18-24': zoeIsAdult ? 2 : 1, '25-34': 1, '65+': 1, Unknown: 2, 'Under 18': zoeIsAdult ? 0 : 1 });
    expect(res.body.data.data.map((row: { age_group: string }) => row.age_group)).toEqual(['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'Unknown']);
  });

  it('get-top-performers: biggest spenders first, never another owner or a deleted customer', async () => {
    const res = await get('/get-top-performers');
    expect(res.body.data.map((row: { name: string }) => row.name)).toEqual(['Cat', 'Ann', 'Ben']);
    expect(res.body.data[0]).toMatchObject({ 'Total spent': 50_000, total_visits: 10, 'Average order value': 5000 });
    expect((await get('/get-top-performers?limit=1')).body.data).toHaveLength(1);
    expect(Object.keys((await get('/get-top-performers?limit=500')).body.fields)).toContain('limit');
    expect((await get('/get-top-performers', other.token)).body.data.map((row: { name: string }) => row.name)).toEqual(['Theirs']);
  });
});
