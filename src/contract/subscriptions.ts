import * as v from 'valibot';

// Plans and billing (spec §2 /subscriptions, §3 Subscription plan, §4 Subscription, §9).
const PLAN_IDS = ['free', 'basic', 'professional', 'premium'] as const;
const PlanIdSchema = v.picklist(PLAN_IDS, 'Choose one of the plans');
export type PlanId = (typeof PLAN_IDS)[number];
const PaidPlanIdSchema = v.picklist(['basic', 'professional', 'premium'], 'Choose a paid plan');
export type PaidPlanId = v.InferOutput<typeof PaidPlanIdSchema>;

/** What a plan allows; enforced on the server, shown as usage bars. */
export const ENTITLEMENTS = [
  { key: 'contacts', label: 'Contacts', unit: 'contacts', period: 'total' },
  { key: 'emailsPerMonth', label: 'Emails this month', unit: 'emails', period: 'month' },
  { key: 'aiDraftsPerMonth', label: 'AI email drafts this month', unit: 'AI email drafts', period: 'month' },
  { key: 'templatesPerMonth', label: 'Email templates this month', unit: 'new email templates', period: 'month' },
  { key: 'textsPerMonth', label: 'Texts this month', unit: 'texts', period: 'month' },
  { key: 'videoRendersPerMonth', label: 'Videos this month', unit: 'videos', period: 'month' },
  { key: 'teamMembers', label: 'Team members', unit: 'team members', period: 'total' },
] as const;
export type EntitlementKey = (typeof ENTITLEMENTS)[number]['key'];
const EntitlementKeySchema = v.picklist(ENTITLEMENTS.map((e) => e.key));

const PlanSchema = v.object({
  id: PlanIdSchema,
  name: v.string(),
  /** cents per month */
  price: v.number(),
  interval: v.literal('month'),
  /** feature title → description, shown as the plan's feature list */
  data: v.record(v.string(), v.string()),
  limits: v.record(EntitlementKeySchema, v.number()),
});
export type Plan = v.InferOutput<typeof PlanSchema>;
export const PlansResponseSchema = v.object({ plans: v.array(PlanSchema) });

const CardOnFileSchema = v.object({
  brand: v.string(),
  last4: v.string(),
  expMonth: v.nullable(v.number()),
  expYear: v.nullable(v.number()),
  name: v.nullable(v.string()),
});
export type CardOnFile = v.InferOutput<typeof CardOnFileSchema>;

const UsageSchema = v.object({
  key: EntitlementKeySchema,
  label: v.string(),
  used: v.number(),
  limit: v.number(),
  /** false while the feature that produces this usage is not built yet: `used` is then 0 by definition */
  counted: v.boolean(),
});
export type Usage = v.InferOutput<typeof UsageSchema>;

const BillingProviderSchema = v.picklist(['builtin', 'stripe']);

/** GET /subscriptions/current. `activeSubscription` null means Free (spec §4). */
export const SubscriptionSummarySchema = v.object({
  activeSubscription: v.nullable(PlanIdSchema),
  activeSubscriptionStart: v.nullable(v.string()),
  activeSubscriptionEnd: v.nullable(v.string()),
  status: v.nullable(v.string()),
  cancelAtPeriodEnd: v.boolean(),
  card: v.nullable(CardOnFileSchema),
  billing: v.object({ provider: BillingProviderSchema, publishableKey: v.nullable(v.string()) }),
  usage: v.array(UsageSchema),
});
export type SubscriptionSummary = v.InferOutput<typeof SubscriptionSummarySchema>;

export const SubscribeRequestSchema = v.object({ planId: PaidPlanIdSchema });
export const SubscriptionResponseSchema = v.object({ message: v.string(), subscription: SubscriptionSummarySchema });

/** Luhn check digit (ISO/IEC 7812). */
function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The built-in test provider's card form; the number reaches our server once and is never stored. */
export const BuiltinCardRequestSchema = v.object({
  provider: v.literal('builtin'),
  name: v.pipe(v.string('Name on card is required'), v.trim(), v.nonEmpty('Name on card is required'), v.maxLength(100, 'Name on card is too long')),
  number: v.pipe(
    v.string('Card number is required'),
    v.transform(cardDigits),
    v.nonEmpty('Card number is required'),
    v.check((value) => passesLuhn(value), 'Card number is not valid'),
  ),
  expMonth: v.pipe(v.number('Expiry month is required'), v.integer(), v.minValue(1, 'Expiry month is 1 to 12'), v.maxValue(12, 'Expiry month is 1 to 12')),
  expYear: v.pipe(v.number('Expiry year is required'), v.integer(), v.minValue(2000, 'Expiry year is not valid'), v.maxValue(2100, 'Expiry year is not valid')),
  cvc: v.pipe(v.string('Security code is required'), v.trim(), v.regex(/^\d{3,4}$/, 'Security code is 3 or 4 digits')),
});
export type BuiltinCardRequest = v.InferOutput<typeof BuiltinCardRequestSchema>;

/** Stripe: the browser confirmed a SetupIntent with the Payment Element; the server reads the card from Stripe. */
const StripeCardRequestSchema = v.object({
  provider: v.literal('stripe'),
  setupIntentId: v.pipe(v.string('setupIntentId is required'), v.regex(/^seti_\w+$/, 'setupIntentId is not valid')),
});
export const SaveCardRequestSchema = v.variant('provider', [BuiltinCardRequestSchema, StripeCardRequestSchema], 'provider must be builtin or stripe');
export type SaveCardRequest = v.InferInput<typeof SaveCardRequestSchema>;
export const SaveCardResponseSchema = v.object({ message: v.string(), card: CardOnFileSchema });

export const CardSetupResponseSchema = v.object({ clientSecret: v.string(), publishableKey: v.string() });

/** The card form's expiry field, "MM/YY". */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

export { PLAN_LIMIT_CODE } from './plan-limit.ts';
