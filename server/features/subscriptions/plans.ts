import type { EntitlementKey, Plan, PlanId } from '../../../src/contract/subscriptions.ts';

type PlanRow = {
  name: string;
  /** cents per month */
  price: number;
  limits: Record<EntitlementKey, number>;
  /** Beyond the limits: what else the plan brings. */
  extras: Record<string, string>;
};

// The one table of plans: prices, limits and feature lists. Priced like the email and SMS tools
// small restaurants already pay for; texts are the costly part, so they grow slowest.
export const PLANS: Record<PlanId, PlanRow> = {
  free: {
    name: 'Free',
    price: 0,
    limits: { contacts: 500, emailsPerMonth: 1_000, aiDraftsPerMonth: 10, templatesPerMonth: 3, textsPerMonth: 25, videoRendersPerMonth: 1, teamMembers: 1 },
    extras: { Assistant: 'Ask about your sales and customers', 'Point of sale': 'Square or Clover sync' },
  },
  basic: {
    name: 'Basic',
    price: 2_900,
    limits: { contacts: 2_500, emailsPerMonth: 10_000, aiDraftsPerMonth: 60, templatesPerMonth: 10, textsPerMonth: 500, videoRendersPerMonth: 5, teamMembers: 2 },
    extras: { Assistant: 'Charts and answers about your sales', Segments: 'Customer segments from plain words' },
  },
  professional: {
    name: 'Professional',
    price: 7_900,
    limits: { contacts: 10_000, emailsPerMonth: 50_000, aiDraftsPerMonth: 250, templatesPerMonth: 40, textsPerMonth: 2_000, videoRendersPerMonth: 20, teamMembers: 5 },
    extras: { Sequences: 'Automated welcome and win-back sequences', Reports: 'Campaign reports with revenue' },
  },
  premium: {
    name: 'Premium',
    price: 19_900,
    limits: { contacts: 100_000, emailsPerMonth: 250_000, aiDraftsPerMonth: 1000, templatesPerMonth: 150, textsPerMonth: 10_000, videoRendersPerMonth: 60, teamMembers: 15 },
    extras: { Sequences: 'Unlimited sequences', Support: 'Priority support by phone' },
  },
};

/** Spec §3 / §9: plans are always shown in this order. */
const PLAN_DISPLAY_ORDER: readonly PlanId[] = ['basic', 'professional', 'premium', 'free'];
/** Cheapest first, for "upgrade to the next plan that fits". */
export const PLAN_RANK: readonly PlanId[] = ['free', 'basic', 'professional', 'premium'];

const count = (n: number) => n.toLocaleString('en-US');

function featureList(row: PlanRow): Record<string, string> {
  const { limits } = row;
  return {
    Contacts: `Up to ${count(limits.contacts)} contacts`,
    Email: `${count(limits.emailsPerMonth)} emails a month`,
    'AI drafts': `${count(limits.aiDraftsPerMonth)} AI email drafts and ${count(limits.templatesPerMonth)} new templates a month`,
    Text: `${count(limits.textsPerMonth)} texts a month`,
    Video: `${count(limits.videoRendersPerMonth)} ${limits.videoRendersPerMonth === 1 ? 'video' : 'videos'} a month`,
    Team: limits.teamMembers === 1 ? 'Just you' : `Up to ${count(limits.teamMembers)} team members`,
    ...row.extras,
  };
}

function planView(id: PlanId): Plan {
  const row = PLANS[id];
  return { id, name: row.name, price: row.price, interval: 'month', data: featureList(row), limits: { ...row.limits } };
}

export const listPlans = (): Plan[] => PLAN_DISPLAY_ORDER.map(planView);

export const isPlanId = (value: string): value is PlanId => value in PLANS;
