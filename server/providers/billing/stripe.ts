import Stripe from 'stripe';
import type { PaidPlanId } from '../../../src/contract/subscriptions.ts';
import type { Env } from '../../env.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { BillingEvent, BillingProvider, CardDetails, ProviderSubscription, SubscriptionStatus } from './billing.ts';

type StripeEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_BASIC' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_PREMIUM' | 'STRIPE_API_URL'
>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** STRIPE_API_URL only points the SDK at a local fake or a proxy; unset means api.stripe.com. */
function sdkOptions(apiUrl: string): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const url = new URL(apiUrl);
  return { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https', maxNetworkRetries: 0 };
}

function missingStripeSettings(env: StripeEnv): string[] {
  const required = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_PROFESSIONAL', 'STRIPE_PRICE_PREMIUM'] as const;
  return required.filter((name) => !env[name]);
}

/** Card errors become a 402 with Stripe's own words; anything else is Stripe being unavailable. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new AppError(402, error.message, 'card_declined');
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new AppError(400, error.message, 'validation');
  return new AppError(502, 'The payment service could not be reached. Try again in a moment.', 'provider_unavailable');
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}

export function stripeBilling(env: StripeEnv): BillingProvider {
  const missing = missingStripeSettings(env);
  if (missing.length > 0) throw new Error(`STRIPE_SECRET_KEY is set, so these are needed too: ${missing.join(', ')}`);
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, sdkOptions(env.STRIPE_API_URL));
  const priceOf: Record<PaidPlanId, string> = { basic: env.STRIPE_PRICE_BASIC, professional: env.STRIPE_PRICE_PROFESSIONAL, premium: env.STRIPE_PRICE_PREMIUM };
  const planOfPrice = (priceId: string | null): PaidPlanId | null =>
    (Object.entries(priceOf).find(([, price]) => price === priceId)?.[0] as PaidPlanId | undefined) ?? null;

  function fromStripe(subscription: Stripe.Subscription): ProviderSubscription | null {
    const item = subscription.items.data[0];
    const planId = planOfPrice(idOf(item?.price));
    if (!item || !planId) return null;
    return {
      providerSubscriptionId: subscription.id,
      planId,
      status: subscription.status as SubscriptionStatus,
      // Newer API versions keep the period on the item, not the subscription.
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  const cardDetails = (pm: Stripe.PaymentMethod): CardDetails => ({
    brand: pm.card?.brand ?? pm.type,
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? null,
    expYear: pm.card?.exp_year ?? null,
    name: pm.billing_details?.name ?? null,
  });

  return {
    kind: 'stripe',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    async ensureCustomer(ref) {
      if (ref.providerCustomerId) return ref.providerCustomerId;
      const customer = await call(() =>
        stripe.customers.create({ email: ref.email, name: ref.name, metadata: { userId: ref.userId } }, { idempotencyKey: `mise-customer-${ref.userId}` }),
      );
      return customer.id;
    },
    async createCardSetup(customerId) {
      if (!customerId) throw new AppError(500, 'No billing customer', 'internal');
      const intent = await call(() => stripe.setupIntents.create({ customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: true } }));
      if (!intent.client_secret) throw new AppError(502, 'The payment service sent no card form', 'provider_unavailable');
      return { clientSecret: intent.client_secret };
    },
    async saveCard(input, customerId) {
      if (input.provider !== 'stripe') throw fieldError('provider', 'This server takes cards through Stripe');
      const intent = await call(() => stripe.setupIntents.retrieve(input.setupIntentId, { expand: ['payment_method'] }));
      // A SetupIntent of another customer must look like one that does not exist.
      if (!customerId || idOf(intent.customer) !== customerId) throw new AppError(404, 'No such card setup', 'not_found');
      if (intent.status !== 'succeeded') throw new AppError(402, 'The card was not confirmed. Please enter it again.', 'card_declined');
      const pm = intent.payment_method;
      if (!pm || typeof pm === 'string') throw new AppError(502, 'The payment service sent no card', 'provider_unavailable');
      await call(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } }));
      return { card: cardDetails(pm), paymentMethodId: pm.id };
    },
    async subscribe({ customerId, paymentMethodId, planId, existing, userId }) {
      if (!customerId) throw new AppError(402, 'Add a card to subscribe', 'card_required');
      const price = priceOf[planId];
      let subscription: Stripe.Subscription;
      if (existing?.providerSubscriptionId) {
        const current = await call(() => stripe.subscriptions.retrieve(existing.providerSubscriptionId!));
        const item = current.items.data[0];
        subscription = await call(() =>
          stripe.subscriptions.update(current.id, {
            items: [{ ...(item && { id: item.id }), price }],
            default_payment_method: paymentMethodId,
            cancel_at_period_end: false,
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          }),
        );
      } else {
        subscription = await call(() =>
          stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price }],
              default_payment_method: paymentMethodId,
              // Refuse at once when the card cannot pay, rather than leaving an incomplete plan behind.
              payment_behavior: 'error_if_incomplete',
              metadata: { userId, planId },
            },
            { idempotencyKey: `mise-subscribe-${userId}-${planId}-${Date.now()}` },
          ),
        );
      }
      const mapped = fromStripe(subscription);
      if (!mapped) throw new AppError(502, 'The payment service answered with an unknown price', 'provider_unavailable');
      return mapped;
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      if (!providerSubscriptionId) return;
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', env.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw new AppError(400, 'The webhook signature is not valid', 'validation');
      }
      return toBillingEvent(event, fromStripe);
    },
    async cardOf(customerId, paymentMethodId) {
      const pm = await call(() => stripe.paymentMethods.retrieve(paymentMethodId));
      if (idOf(pm.customer) !== customerId) throw new AppError(404, 'No such card', 'not_found');
      return cardDetails(pm);
    },
  };
}

function toBillingEvent(event: Stripe.Event, fromStripe: (s: Stripe.Subscription) => ProviderSubscription | null): BillingEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      const customerId = idOf(intent.customer);
      const paymentMethodId = idOf(intent.payment_method);
      return customerId && paymentMethodId ? { ...base, kind: 'card_saved', customerId, paymentMethodId } : { ...base, kind: 'ignored' };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = fromStripe(event.data.object);
      const customerId = idOf(event.data.object.customer);
      return subscription && customerId ? { ...base, kind: 'subscription', customerId, subscription } : { ...base, kind: 'ignored' };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      const providerSubscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return customerId ? { ...base, kind: 'payment_failed', customerId, providerSubscriptionId } : { ...base, kind: 'ignored' };
    }
    default:
      // invoice.paid and the rest: the subscription events that follow carry the new period.
      return { ...base, kind: 'ignored' };
  }
}

/** Stripe.js and the Payment Element need these, and only when Stripe is switched on. */
export function stripeCspSources(env: Pick<Env, 'STRIPE_SECRET_KEY'>) {
  if (!env.STRIPE_SECRET_KEY) return { scriptSrc: [], connectSrc: [], frameSrc: [] };
  return {
    scriptSrc: ['https://js.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  };
}
