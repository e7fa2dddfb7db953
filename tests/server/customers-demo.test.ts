import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, seedDemoAccount } from '../../server/features/customers/demo/demo-seed.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('demo account (npm run demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const seed = (password: string) => seedDemoAccount({ db: t.deps.db, env: t.deps.env, logger: t.deps.logger, now: new Date(), password, customers: 300 });

  it('creates a verified owner with a café’s customers, visits, consent mix and segments, labelled as demo', async () => {
    const result = await seed('demo-password-1');
    expect(result).toMatchObject({ email: DEMO_EMAIL, customers: 300 });
    expect(result.orders).toBeGreaterThan(3000);
    expect(result.orders).toBeLessThan(7000);
    expect(result.segments.length).toBeGreaterThanOrEqual(3);

    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: DEMO_EMAIL, password: 'demo-password-1', userType: 'regular' });
    expect(signin.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/v1/customers/get_customers?sort=visits', undefined, signin.body.token);
    expect(list.body.results.total).toBe(300);
    // On a paid plan, so the owner can go on adding customers like a paying café.
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, signin.body.token);
    expect(me.body.user.activeSubscription).toBe('professional');
    const top = list.body.results.customers[0];
    expect(top).toMatchObject({ source: 'demo' });
    expect(top.total_visits).toBeGreaterThan(20);
    expect(top.email_address ?? '').toMatch(/@example\.com$|^$/);
    const all = await t.deps.db.selectFrom('customers').select(['email_consent', 'sms_consent', 'birthday_month', 'phone', 'email_consent_source']).execute();
    const share = (test: (row: (typeof all)[number]) => boolean) => all.filter(test).length / all.length;
    expect(share((row) => row.email_consent)).toBeGreaterThan(0.3);
    expect(share((row) => row.email_consent)).toBeLessThan(0.8);
    expect(share((row) => row.birthday_month !== null)).toBeGreaterThan(0.4);
    expect(all.filter((row) => row.phone).every((row) => /^\+1\d{3}55501\d{2}$/.test(row.phone!))).toBe(true);
    expect(all.find((row) => row.email_consent)?.email_consent_source).toBe('demo: signed up at the counter');
  });

  it('running it again resets the account instead of adding to it', async () => {
    await seed('demo-password-2');
    const users = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute();
    expect(users).toHaveLength(1);
    const customers = await t.deps.db.selectFrom('customers').select('id').where('user_id', '=', users[0]!.id).execute();
    expect(customers).toHaveLength(300);
    expect((await call(t.app, 'POST', '/api/v1/auth/signin', { email: DEMO_EMAIL, password: 'demo-password-1', userType: 'regular' })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/v1/auth/signin', { email: DEMO_EMAIL, password: 'demo-password-2', userType: 'regular' })).status).toBe(200);
  });
});
