import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

const DAY = 24 * 3600 * 1000;
const SAME_ORIGIN = { Origin: 'http://localhost' };
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  provider: 'builtin',
  name: 'Rosa Martinez',
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

describe('plans and the built-in test billing', () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    // Months pass in these tests; sessions must outlive them.
    t = await createTestApp({ SESSION_TTL_DAYS: '365' });
    owner = await signUpVerified(t);
  });
  afterAll(() => t.close());

  const current = async (account = owner) => (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, account.token)).body;
  const saveCard = (body: unknown, account = owner) => call(t.app, 'POST', '/api/v1/subscriptions/card', body, account.token);
  const subscribe = (planId: string, account = owner) => call(t.app, 'POST', '/api/v1/subscriptions', { planId }, account.token);

  it('lists the four plans in display order with monthly prices in cents and feature lists', async () => {
    const res = await call(t.app, 'GET', '/api/v1/subscriptions/plans');
    expect(res.status).toBe(200);
    expect(res.body.plans.map((p: { id: string; price: number }) => [p.id, p.price])).toEqual([
      ['basic', 2900],
      ['professional', 7900],
      ['premium', 19900],
      ['free', 0],
    ]);
    const free = res.body.plans[3];
    expect(free).toMatchObject({ name: 'Free', interval: 'month', limits: { contacts: 500 } });
    expect(free.data.Contacts).toBe('Up to 500 contacts');
  });

  it('has a new owner on Free, with real usage where it is counted', async () => {
    const summary = await current();
    expect(summary).toMatchObject({ activeSubscription: null, status: null, card: null, billing: { provider: 'builtin', publishableKey: null } });
    expect(summary.usage.find((u: { key: string }) => u.key === 'contacts')).toEqual({ key: 'contacts', label: 'Contacts', used: 0, limit: 500, counted: true });
    expect(summary.usage.find((u: { key: string }) => u.key === 'emailsPerMonth')).toMatchObject({ used: 0, limit: 1000, counted: true });
  });

  it('asks for a card before subscribing', async () => {
    const res = await subscribe('basic');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'Add a card to subscribe', code: 'card_required' });
    expect((await subscribe('free')).status).toBe(400);
  });

  it('checks card numbers: Luhn, test numbers only, declines and expiry', async () => {
    const cases: Array<[unknown, number, string]> = [
      [card('4242 4242 4242 4241'), 400, 'number: Card number is not valid'],
      [card('4111111111111111'), 402, 'Test billing accepts only test card numbers, such as 4242 4242 4242 4242'],
      [card('4000000000000002'), 402, 'Your card was declined.'],
      [card('4000000000009995'), 402, 'Your card has insufficient funds.'],
      [card('4242424242424242', { expYear: 2020 }), 402, 'Your card has expired.'],
      [card('4242424242424242', { cvc: '1' }), 400, 'cvc: Security code is 3 or 4 digits'],
      [card('4242424242424242', { expMonth: 13 }), 400, 'expMonth: Expiry month is 1 to 12'],
    ];
    for (const [body, status, error] of cases) {
      const res = await saveCard(body);
      expect(res.status).toBe(status);
      expectRefusal(res.body, error);
    }
    expect((await current()).card).toBeNull();
  });

  it('keeps the brand and last four of a good card, never the number', async () => {
    const res = await saveCard(card('4242 4242 4242 4242'));
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, name: 'Rosa Martinez' });
    const row = await t.deps.db.selectFrom('billing_customers').selectAll().where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('424242424242');
    expect((await current()).card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('subscribes with the card on file, for a month, and sign-in and /users/me report it', async () => {
    const res = await subscribe('basic');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subscribed to Basic plan successfully');
    const summary = res.body.subscription;
    expect(summary).toMatchObject({ activeSubscription: 'basic', status: 'active', cancelAtPeriodEnd: false });
    const start = new Date(summary.activeSubscriptionStart);
    const end = new Date(summary.activeSubscriptionEnd);
    expect(Math.round((end.getTime() - start.getTime()) / DAY)).toBeGreaterThanOrEqual(28);
    expect(summary.usage.find((u: { key: string }) => u.key === 'contacts').limit).toBe(2500);

    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, owner.token);
    expect(me.body.user).toMatchObject({ activeSubscription: 'basic', activeSubscriptionEnd: summary.activeSubscriptionEnd });
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: owner.email, password: owner.password, userType: 'regular' });
    expect(signin.body).toMatchObject({ activeSubscription: 'basic', activeSubscriptionStart: summary.activeSubscriptionStart });
  });

  it('refuses the plan already held, and upgrades straight away with the card on file', async () => {
    const again = await subscribe('basic');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You are already on the Basic plan');
    const up = await subscribe('professional');
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('Subscribed to Professional plan successfully');
    expect(up.body.subscription.activeSubscription).toBe('professional');
    const rows = await t.deps.db.selectFrom('subscriptions').select(['plan_id', 'status']).where('user_id', '=', owner.userId).execute();
    expect(rows).toEqual([{ plan_id: 'professional', status: 'active' }]);
  });

  it('cancels at the end of the period, then the owner is on Free', async () => {
    const res = await call(t.app, 'POST', '/api/v1/subscriptions/cancel', undefined, owner.token, SAME_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Your Professional plan stays active until \w+ \d+, \d{4}, then you move to Free\.$/);
    expect(res.body.subscription).toMatchObject({ activeSubscription: 'professional', cancelAtPeriodEnd: true });
    t.advance(32 * DAY);
    expect(await current()).toMatchObject({ activeSubscription: null, cancelAtPeriodEnd: false });
    const nothing = await call(t.app, 'POST', '/api/v1/subscriptions/cancel', undefined, owner.token, SAME_ORIGIN);
    expect(nothing.status).toBe(400);
  });

  it('renews a built-in subscription that was not cancelled', async () => {
    const renewing = await signUpVerified(t, { name: 'Ana Renew' });
    await saveCard(card('5555555555554444'), renewing);
    const first = (await subscribe('premium', renewing)).body.subscription;
    t.advance(40 * DAY);
    const later = await current(renewing);
    expect(later).toMatchObject({ activeSubscription: 'premium', card: { brand: 'mastercard', last4: '4444' } });
    expect(new Date(later.activeSubscriptionStart).getTime()).toBeGreaterThan(new Date(first.activeSubscriptionStart).getTime());
    expect(new Date(later.activeSubscriptionEnd).getTime()).toBeGreaterThan(t.deps.now().getTime());
  });

  it('declines at the charge for a card that saves but cannot pay', async () => {
    const declined = await signUpVerified(t, { name: 'Dee Clined' });
    expect((await saveCard(card('4000000000000341'), declined)).status).toBe(200);
    const res = await subscribe('basic', declined);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'Your card was declined.', code: 'card_declined' });
    expect((await current(declined)).activeSubscription).toBeNull();
  });

  it('has no webhook without Stripe', async () => {
    const res = await call(t.app, 'POST', '/api/v1/billing/webhook', { id: 'evt_1' }, undefined, { 'Stripe-Signature': 't=1,v1=00' });
    expect(res.status).toBe(404);
  });
});
