import { randomBytes } from 'node:crypto';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { addMonth, type BillingProvider, type CardDetails } from './billing.ts';

type Outcome =
  | { result: 'ok' }
  /** saving works, the first charge fails (Stripe's 4000 0000 0000 0341) */
  | { result: 'charge_declined' }
  | { result: 'declined'; message: string };

// Stripe's published test numbers, so the same cards work here and in Stripe's test mode.
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { result: 'ok' },
  '4000056655665556': { result: 'ok' },
  '5555555555554444': { result: 'ok' },
  '2223003122003222': { result: 'ok' },
  '5200828282828210': { result: 'ok' },
  '378282246310005': { result: 'ok' },
  '6011111111111117': { result: 'ok' },
  '3566002020360505': { result: 'ok' },
  '4000000000000341': { result: 'charge_declined' },
  '4000000000000002': { result: 'declined', message: 'Your card was declined.' },
  '4000000000009995': { result: 'declined', message: 'Your card has insufficient funds.' },
  '4000000000009987': { result: 'declined', message: 'Your card was declined.' },
  '4000000000000069': { result: 'declined', message: 'Your card has expired.' },
  '4000000000000127': { result: 'declined', message: "Your card's security code is incorrect." },
  '4000000000000119': { result: 'declined', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  return 'card';
}

const paymentMethodId = (outcome: 'ok' | 'charge_declined') => `pm_builtin_${outcome}_${randomBytes(8).toString('hex')}`;

/**
 * The embedded default: no money moves. It behaves like Stripe's test mode for the well-known
 * test cards (Luhn already checked by the contract) and refuses every other number.
 */
export function builtinBilling(): BillingProvider {
  return {
    kind: 'builtin',
    publishableKey: null,
    ensureCustomer: async () => null,
    createCardSetup: async () => {
      throw new AppError(400, 'The built-in test billing takes the card on our own form', 'validation');
    },
    async saveCard(input, _customerId, now) {
      if (input.provider !== 'builtin') throw fieldError('provider', 'This server uses the built-in test billing');
      const outcome = TEST_CARDS[input.number];
      if (!outcome) {
        throw new AppError(402, 'Test billing accepts only test card numbers, such as 4242 4242 4242 4242', 'card_declined');
      }
      if (outcome.result === 'declined') throw new AppError(402, outcome.message, 'card_declined');
      const endOfExpiryMonth = Date.UTC(input.expYear, input.expMonth, 1);
      if (endOfExpiryMonth <= now.getTime()) throw new AppError(402, 'Your card has expired.', 'card_declined');
      const card: CardDetails = { brand: cardBrand(input.number), last4: input.number.slice(-4), expMonth: input.expMonth, expYear: input.expYear, name: input.name };
      return { card, paymentMethodId: paymentMethodId(outcome.result) };
    },
    async subscribe({ paymentMethodId: pm, planId, now }) {
      if (pm.startsWith('pm_builtin_charge_declined_')) throw new AppError(402, 'Your card was declined.', 'card_declined');
      if (!pm.startsWith('pm_builtin_ok_')) throw new AppError(402, 'Add your card again to subscribe', 'card_required');
      // A switch starts a fresh month from today, as if charged now.
      return { providerSubscriptionId: null, planId, status: 'active', periodStart: now, periodEnd: addMonth(now), cancelAtPeriodEnd: false };
    },
    cancelAtPeriodEnd: async () => {},
    parseWebhook() {
      throw new AppError(404, 'Billing webhooks are not set up on this server', 'not_configured');
    },
    cardOf: async () => {
      throw new AppError(404, 'No such card', 'not_found');
    },
  };
}
