import type { PaidPlanId, SubscriptionSummary } from '../../../src/contract/subscriptions.ts';
import type { User } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { BillingEvent, CardDetails, ProviderSubscription, SaveCardInput } from '../../providers/billing/billing.ts';
import { usage } from './entitlements.ts';
import { isPlanId, PLANS } from './plans.ts';
import { currentSubscription } from './subscriptions.service.ts';
import type { BillingCustomerRow } from './subscriptions.table.ts';

type BillingDeps = Pick<Deps, 'db' | 'env' | 'logger' | 'now' | 'billing'>;

const findCustomer = (deps: BillingDeps, userId: string) =>
  deps.db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();

function cardView(row: BillingCustomerRow | undefined) {
  if (!row?.card_last4 || !row.card_brand) return null;
  return { brand: row.card_brand, last4: row.card_last4, expMonth: row.card_exp_month, expYear: row.card_exp_year, name: row.card_name };
}

export async function subscriptionSummary(deps: BillingDeps, userId: string): Promise<SubscriptionSummary> {
  const now = deps.now();
  const provider = deps.billing;
  const row = await currentSubscription(deps.db, userId, now);
  const [customer, usageRows] = await Promise.all([findCustomer(deps, userId), usage(deps.db, userId, now, row ?? null)]);
  const live = row && isPlanId(row.plan_id) ? row : undefined;
  return {
    activeSubscription: live ? (live.plan_id as SubscriptionSummary['activeSubscription']) : null,
    activeSubscriptionStart: live ? live.current_period_start.toISOString() : null,
    activeSubscriptionEnd: live ? live.current_period_end.toISOString() : null,
    status: live ? live.status : null,
    cancelAtPeriodEnd: live ? live.cancel_at_period_end : false,
    // A card saved with another provider (before Stripe was switched on) cannot pay here.
    card: customer?.provider === provider.kind ? cardView(customer) : null,
    billing: { provider: provider.kind, publishableKey: provider.publishableKey },
    usage: usageRows,
  };
}

/** The provider's customer for this owner, created on first need. */
async function ensureCustomer(deps: BillingDeps, user: User): Promise<string | null> {
  const provider = deps.billing;
  const existing = await findCustomer(deps, user.id);
  const known = existing?.provider === provider.kind ? existing.provider_customer_id : null;
  const customerId = await provider.ensureCustomer({ userId: user.id, email: user.email, name: user.name, providerCustomerId: known });
  if (!existing || existing.provider !== provider.kind || existing.provider_customer_id !== customerId) {
    const values = {
      provider: provider.kind,
      provider_customer_id: customerId,
      payment_method_id: null,
      card_name: null,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      updated_at: deps.now(),
    };
    await deps.db
      .insertInto('billing_customers')
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
  return customerId;
}

export async function startCardSetup(deps: BillingDeps, user: User) {
  const provider = deps.billing;
  if (provider.kind !== 'stripe' || !provider.publishableKey) throw new AppError(400, 'This server takes cards on its own form', 'validation');
  const customerId = await ensureCustomer(deps, user);
  const { clientSecret } = await provider.createCardSetup(customerId);
  return { clientSecret, publishableKey: provider.publishableKey };
}

async function storeCard(deps: BillingDeps, userId: string, card: CardDetails, paymentMethodId: string) {
  await deps.db
    .updateTable('billing_customers')
    .set({
      payment_method_id: paymentMethodId,
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.expMonth,
      card_exp_year: card.expYear,
      card_name: card.name,
      updated_at: deps.now(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Saves or replaces the card on file. The number (built-in provider) is used here and dropped. */
export async function saveCard(deps: BillingDeps, user: User, input: SaveCardInput) {
  const provider = deps.billing;
  if (input.provider !== provider.kind) throw fieldError('provider', `This server bills with ${provider.kind}`);
  const customerId = await ensureCustomer(deps, user);
  const { card, paymentMethodId } = await provider.saveCard(input, customerId, deps.now());
  await storeCard(deps, user.id, card, paymentMethodId);
  return { message: 'Card saved', card: { ...card } };
}

async function recordSubscription(deps: BillingDeps, userId: string, sub: ProviderSubscription, existingId: string | null) {
  const provider = deps.billing;
  const now = deps.now();
  const values = {
    plan_id: sub.planId,
    status: sub.status,
    provider: provider.kind,
    provider_subscription_id: sub.providerSubscriptionId,
    current_period_start: sub.periodStart,
    current_period_end: sub.periodEnd,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.status === 'canceled' ? now : null,
    updated_at: now,
  };
  if (existingId) {
    await deps.db.updateTable('subscriptions').set(values).where('id', '=', existingId).execute();
    return;
  }
  if (sub.providerSubscriptionId) {
    // The webhook may have recorded it first.
    await deps.db
      .insertInto('subscriptions')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.columns(['provider', 'provider_subscription_id']).where('provider_subscription_id', 'is not', null).doUpdateSet(values))
      .execute();
    return;
  }
  await deps.db.insertInto('subscriptions').values({ user_id: userId, ...values }).execute();
}

/** Upgrade (or switch) with the card on file; without one the client opens the card form first. */
export async function subscribe(deps: BillingDeps, user: User, planId: PaidPlanId) {
  const provider = deps.billing;
  const customer = await findCustomer(deps, user.id);
  if (!customer?.payment_method_id || customer.provider !== provider.kind) {
    throw new AppError(402, 'Add a card to subscribe', 'card_required');
  }
  const current = await currentSubscription(deps.db, user.id, deps.now());
  if (current?.plan_id === planId && !current.cancel_at_period_end && current.status !== 'past_due') {
    throw new AppError(409, `You are already on the ${PLANS[planId].name} plan`, 'conflict');
  }
  const sameProvider = current?.provider === provider.kind ? current : undefined;
  const result = await provider.subscribe({
    customerId: customer.provider_customer_id,
    paymentMethodId: customer.payment_method_id,
    planId,
    existing: sameProvider ? { providerSubscriptionId: sameProvider.provider_subscription_id } : null,
    userId: user.id,
    now: deps.now(),
  });
  await recordSubscription(deps, user.id, result, sameProvider?.id ?? null);
  return { message: `Subscribed to ${PLANS[planId].name} plan successfully`, subscription: await subscriptionSummary(deps, user.id) };
}

const longDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Cancels at the end of the paid period: the owner keeps what they paid for, then returns to Free. */
export async function cancelSubscription(deps: BillingDeps, user: User) {
  const current = await currentSubscription(deps.db, user.id, deps.now());
  if (!current) throw new AppError(400, 'You are on the Free plan: there is nothing to cancel', 'validation');
  const name = PLANS[current.plan_id as PaidPlanId].name;
  if (!current.cancel_at_period_end) {
    const provider = deps.billing;
    if (current.provider === provider.kind) await provider.cancelAtPeriodEnd(current.provider_subscription_id);
    await deps.db.updateTable('subscriptions').set({ cancel_at_period_end: true, canceled_at: deps.now(), updated_at: deps.now() }).where('id', '=', current.id).execute();
  }
  return {
    message: `Your ${name} plan stays active until ${longDate(current.current_period_end)}, then you move to Free.`,
    subscription: await subscriptionSummary(deps, user.id),
  };
}

/** Applies one verified webhook event; an event id already seen is acknowledged and skipped. */
export async function handleBillingEvent(deps: BillingDeps, event: BillingEvent): Promise<{ received: true; duplicate?: true }> {
  const inserted = await deps.db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, received_at: deps.now() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { received: true, duplicate: true };
  if (event.kind === 'ignored') return { received: true };

  const provider = deps.billing;
  const customer = await deps.db
    .selectFrom('billing_customers')
    .selectAll()
    .where('provider', '=', provider.kind)
    .where('provider_customer_id', '=', event.customerId)
    .executeTakeFirst();
  if (!customer) {
    deps.logger.warn({ eventId: event.id, type: event.type }, 'billing event for an unknown customer');
    return { received: true };
  }

  if (event.kind === 'card_saved') {
    if (customer.payment_method_id !== event.paymentMethodId) {
      await storeCard(deps, customer.user_id, await provider.cardOf(event.customerId, event.paymentMethodId), event.paymentMethodId);
    }
  } else if (event.kind === 'subscription') {
    const existing = await deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider', '=', provider.kind)
      .where('provider_subscription_id', '=', event.subscription.providerSubscriptionId)
      .executeTakeFirst();
    await recordSubscription(deps, customer.user_id, event.subscription, existing?.id ?? null);
  } else if (event.kind === 'payment_failed' && event.providerSubscriptionId) {
    await deps.db
      .updateTable('subscriptions')
      .set({ status: 'past_due', updated_at: deps.now() })
      .where('provider', '=', provider.kind)
      .where('provider_subscription_id', '=', event.providerSubscriptionId)
      .where('status', '=', 'active')
      .execute();
  }
  return { received: true };
}
