import type { Env } from '../../env.ts';
import type { BillingProvider } from './billing.ts';
import { builtinBilling } from './builtin.ts';
import { stripeBilling } from './stripe.ts';

const cache = new WeakMap<Env, BillingProvider>();

/** The one place the billing provider is chosen: Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider. */
export function billingProvider(env: Env): BillingProvider {
  let provider = cache.get(env);
  if (!provider) {
    provider = env.STRIPE_SECRET_KEY ? stripeBilling(env) : builtinBilling();
    cache.set(env, provider);
  }
  return provider;
}
