import { Hono } from 'hono';
import { SaveCardRequestSchema, SubscribeRequestSchema } from '../../../src/contract/subscriptions.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import { cancelSubscription, handleBillingEvent, saveCard, startCardSetup, subscribe, subscriptionSummary } from './billing.service.ts';
import { listPlans } from './plans.ts';
import { idempotency } from '../../middleware/idempotency.ts';

/** /api/v1/subscriptions: plans, the owner's plan and usage, the card on file (spec §7 Subscriptions). */
export const subscriptionsRoutes = (deps: Deps) => {
  return (
    new Hono()
      // Plans are public: the same for everyone, and shown before sign-up finishes.
      .get('/plans', (c) => c.json({ plans: listPlans() }))
      .use('*', requireSession(deps))
      // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
      .use('*', idempotency(deps))
      .get('/current', async (c) => c.json(await subscriptionSummary(deps, c.get('user').id)))
      .post('/', validate('json', SubscribeRequestSchema), async (c) => {
        const user = c.get('user');
        await enforceRateLimit(deps, `billing:subscribe:${user.id}`, 10, 15 * 60);
        return c.json(await subscribe(deps, user, c.req.valid('json').planId));
      })
      .post('/cancel', async (c) => c.json(await cancelSubscription(deps, c.get('user'))))
      .post('/card/setup', async (c) => {
        const user = c.get('user');
        await enforceRateLimit(deps, `billing:card:${user.id}`, 10, 15 * 60);
        return c.json(await startCardSetup(deps, user));
      })
      .post('/card', validate('json', SaveCardRequestSchema), async (c) => {
        const user = c.get('user');
        // Card testing (trying many numbers) is what fraudsters do first.
        await enforceRateLimit(deps, `billing:card:${user.id}`, 10, 15 * 60);
        return c.json(await saveCard(deps, user, c.req.valid('json')));
      })
  );
};

/** POST /api/v1/billing/webhook: Stripe events, verified by signature on the raw body; no session. */
export const billingWebhookRoutes = (deps: Deps) =>
  new Hono().post('/', async (c) => {
    const raw = await c.req.text();
    const event = deps.billing.parseWebhook(raw, c.req.header('stripe-signature'));
    return c.json(await handleBillingEvent(deps, event));
  });
