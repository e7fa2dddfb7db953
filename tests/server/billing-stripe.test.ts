import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SAME_ORIGIN = { Origin: 'http://localhost' };

describe('Stripe billing against the fake Stripe', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_PROFESSIONAL: 'price_professional',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_API_URL: stripe.url,
    });
    owner = await signUpVerified(t);
    other = await signUpVerified(t, { name: 'Kai Other' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const current = async (account = owner) => (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, account.token)).body;
  const webhook = (delivery: { body: string; signature: string }) =>
    t.app.request('/api/v1/billing/webhook', { method: 'POST', body: delivery.body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature } });

  /** The card-entry modal: a SetupIntent, confirmed by Stripe.js in the browser, then reported to us. */
  async function addCard(account: TestAccount, paymentMethod: 'pm_card_visa' | 'pm_card_mastercard' | 'pm_card_chargeDeclined' = 'pm_card_visa') {
    const setup = await call(t.app, 'POST', '/api/v1/subscriptions/card/setup', undefined, account.token, SAME_ORIGIN);
    expect(setup.status).toBe(200);
    const setupIntentId = setup.body.clientSecret.split('_secret_')[0];
    stripe.confirmSetupIntent(setupIntentId, paymentMethod);
    return call(t.app, 'POST', '/api/v1/subscriptions/card', { provider: 'stripe', setupIntentId }, account.token);
  }

  it('tells the client to use the Payment Element with the publishable key, and sends Stripe in the CSP', async () => {
    const summary = await current();
    expect(summary.billing).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    const res = await call(t.app, 'GET', '/api/v1/health');
    expect(res.headers.get('content-security-policy')).toContain('https://js.stripe.com');
  });

  it('saves a card through a SetupIntent: brand and last four, set as the default for invoices', async () => {
    const res = await addCard(owner);
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const customerId = stripe.setupIntents.values().next().value!.customer as string;
    expect(stripe.customers.get(customerId)).toMatchObject({ email: owner.email, invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) } });
  });

  it("refuses another owner's SetupIntent as if it did not exist", async () => {
    const mine = [...stripe.setupIntents.values()].at(-1)!;
    await call(t.app, 'POST', '/api/v1/subscriptions/card/setup', undefined, other.token, SAME_ORIGIN);
    const res = await call(t.app, 'POST', '/api/v1/subscriptions/card', { provider: 'stripe', setupIntentId: mine.id }, other.token);
    expect(res.status).toBe(404);
    const form = await call(t.app, 'POST', '/api/v1/subscriptions/card', { provider: 'builtin', name: 'X', number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' }, other.token);
    expect(form.status).toBe(400);
    expect(form.body).toMatchObject({ error: 'This server bills with stripe', fields: { provider: 'This server bills with stripe' } });
  });

  it('subscribes on the price id, and upgrades the same Stripe subscription', async () => {
    const res = await call(t.app, 'POST', '/api/v1/subscriptions', { planId: 'basic' }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ activeSubscription: 'basic', status: 'active' });
    expect(stripe.subscriptions.size).toBe(1);
    const [sub] = [...stripe.subscriptions.values()];
    expect(sub).toMatchObject({ items: { data: [{ price: { id: 'price_basic' } }] }, default_payment_method: expect.stringMatching(/^pm_/) });

    const up = await call(t.app, 'POST', '/api/v1/subscriptions', { planId: 'professional' }, owner.token);
    expect(up.body.subscription.activeSubscription).toBe('professional');
    expect(stripe.subscriptions.size).toBe(1);
    expect(sub).toMatchObject({ items: { data: [{ price: { id: 'price_professional' } }] } });
  });

  it('cancels at period end on Stripe', async () => {
    const res = await call(t.app, 'POST', '/api/v1/subscriptions/cancel', undefined, owner.token, SAME_ORIGIN);
    expect(res.body.subscription).toMatchObject({ activeSubscription: 'professional', cancelAtPeriodEnd: true });
    expect([...stripe.subscriptions.values()][0]!.cancel_at_period_end).toBe(true);
  });

  it('refuses webhooks with a bad, missing or stale signature and changes nothing', async () => {
    const sub = [...stripe.subscriptions.values()][0]!;
    const ended = { ...sub, status: 'canceled' };
    const forged = stripe.signedEvent('customer.subscription.deleted', ended, { secret: 'whsec_someone_else' });
    expect((await webhook(forged)).status).toBe(400);
    const unsigned = stripe.signedEvent('customer.subscription.deleted', ended);
    expect((await webhook({ body: unsigned.body, signature: '' })).status).toBe(400);
    const tampered = stripe.signedEvent('customer.subscription.deleted', ended);
    expect((await webhook({ body: tampered.body.replace('canceled', 'active'), signature: tampered.signature })).status).toBe(400);
    const stale = stripe.signedEvent('customer.subscription.deleted', ended, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const res = await webhook(stale);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'The webhook signature is not valid' });
    expect((await current()).activeSubscription).toBe('professional');
  });

  it('applies signed events once: payment failure, renewal period, end of subscription', async () => {
    const sub = [...stripe.subscriptions.values()][0]!;
    const failed = stripe.signedEvent('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: sub.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    expect(await (await webhook(failed)).json()).toEqual({ received: true });
    expect((await current()).status).toBe('past_due');
    // Stripe retries deliveries: the same event id again is acknowledged and ignored.
    expect(await (await webhook(failed)).json()).toEqual({ received: true, duplicate: true });

    const item = (sub.items as { data: Array<Record<string, unknown>> }).data[0]!;
    const renewedEnd = (item.current_period_end as number) + 31 * 86400;
    const renewed = stripe.signedEvent('customer.subscription.updated', {
      ...sub,
      status: 'active',
      items: { object: 'list', data: [{ ...item, current_period_start: item.current_period_end, current_period_end: renewedEnd }] },
    });
    expect((await webhook(renewed)).status).toBe(200);
    expect(await current()).toMatchObject({ status: 'active', activeSubscriptionEnd: new Date(renewedEnd * 1000).toISOString() });

    const deleted = stripe.signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' });
    expect((await webhook(deleted)).status).toBe(200);
    expect((await current()).activeSubscription).toBeNull();
  });

  it('replaces the card on setup_intent.succeeded', async () => {
    const setup = await call(t.app, 'POST', '/api/v1/subscriptions/card/setup', undefined, owner.token, SAME_ORIGIN);
    const intent = stripe.confirmSetupIntent(setup.body.clientSecret.split('_secret_')[0], 'pm_card_mastercard');
    const res = await webhook(stripe.signedEvent('setup_intent.succeeded', intent));
    expect(res.status).toBe(200);
    expect((await current()).card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it('passes on a decline from Stripe', async () => {
    const declined = await signUpVerified(t, { name: 'Dee Clined' });
    expect((await addCard(declined, 'pm_card_chargeDeclined')).status).toBe(200);
    const res = await call(t.app, 'POST', '/api/v1/subscriptions', { planId: 'basic' }, declined.token);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'Your card was declined.', code: 'card_declined' });
  });
});
