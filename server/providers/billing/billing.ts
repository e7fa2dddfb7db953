import type { BuiltinCardRequest, PaidPlanId } from '../../../src/contract/subscriptions.ts';

export type BillingProviderKind = 'builtin' | 'stripe';
/** Stripe's subscription statuses; the built-in billing uses the same words. */
export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** What we keep of a card: never the number (brand and last four only). */
export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  name: string | null;
};

type SavedCard = { card: CardDetails; paymentMethodId: string };

export type ProviderSubscription = {
  providerSubscriptionId: string | null;
  planId: PaidPlanId;
  status: SubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

type BillingCustomerRef = { userId: string; email: string; name: string; providerCustomerId: string | null };

/** A webhook event, already verified and reduced to what our tables care about. */
export type BillingEvent = { id: string; type: string } & (
  | { kind: 'card_saved'; customerId: string; paymentMethodId: string }
  | { kind: 'subscription'; customerId: string; subscription: ProviderSubscription }
  | { kind: 'payment_failed'; customerId: string; providerSubscriptionId: string | null }
  | { kind: 'ignored' }
);

export type SaveCardInput = BuiltinCardRequest | { provider: 'stripe'; setupIntentId: string };

/** One interface for every way of taking money; chosen once from the environment (create-billing.ts). */
export type BillingProvider = {
  kind: BillingProviderKind;
  publishableKey: string | null;
  /** The provider's customer id (created on first need), or null when the provider has none. */
  ensureCustomer: (ref: BillingCustomerRef) => Promise<string | null>;
  /** Stripe: a SetupIntent for the Payment Element. */
  createCardSetup: (customerId: string | null) => Promise<{ clientSecret: string }>;
  saveCard: (input: SaveCardInput, customerId: string | null, now: Date) => Promise<SavedCard>;
  /** Starts a plan, or moves the existing provider subscription to another plan. */
  subscribe: (args: {
    customerId: string | null;
    paymentMethodId: string;
    planId: PaidPlanId;
    existing: { providerSubscriptionId: string | null } | null;
    userId: string;
    now: Date;
  }) => Promise<ProviderSubscription>;
  cancelAtPeriodEnd: (providerSubscriptionId: string | null) => Promise<void>;
  /** Verifies the signature; throws AppError 400 when it does not match. */
  parseWebhook: (rawBody: string, signature: string | undefined) => BillingEvent;
  /** Card details of a payment method (Stripe webhooks name only the id). */
  cardOf: (customerId: string, paymentMethodId: string) => Promise<CardDetails>;
};

/** Calendar month later, clamped (Jan 31 → Feb 28/29), the way card subscriptions bill. */
export function addMonth(date: Date, months = 1): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
