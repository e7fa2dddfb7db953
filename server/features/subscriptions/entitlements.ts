import { ENTITLEMENTS, PLAN_LIMIT_CODE, type EntitlementKey, type PlanId, type Usage } from '../../../src/contract/subscriptions.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { PLAN_RANK, PLANS } from './plans.ts';
import { currentSubscription } from './subscriptions.service.ts';
import type { SubscriptionRow } from './subscriptions.table.ts';

type Period = { start: Date; end: Date };
type Counter = (db: Db, userId: string, period: Period) => Promise<number>;

/**
 * How much of each entitlement an owner has used. A feature that produces usage adds its counter
 * here (emails, texts and video renders once those campaigns exist); until then the entitlement
 * reports `counted: false` and 0, rather than a made-up figure.
 */
const COUNTERS: Partial<Record<EntitlementKey, Counter>> = {
  contacts: async (db, userId) => {
    const row = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  // Emails handed to the mail server in the period, plus what scheduled sends have set aside.
  emailsPerMonth: (db, userId, period) => messagesCounted(db, userId, 'email', period),
  textsPerMonth: (db, userId, period) => messagesCounted(db, userId, 'sms', period),
  // Drafts the AI wrote in the period (a regeneration rewrites the same draft; a draft from a template is not AI).
  aiDraftsPerMonth: async (db, userId, period) => {
    const row = await db
      .selectFrom('email_drafts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('source', '=', 'ai')
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  templatesPerMonth: async (db, userId, period) => {
    const row = await db
      .selectFrom('email_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  // Videos asked for in the period, except failed renders and demo data.
  videoRendersPerMonth: async (db, userId, period) => {
    const row = await db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('demo', '=', false)
      .where('status', '!=', 'error')
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  // The owner and the staff who joined (issue 19); open invitations are held against the limit when inviting.
  teamMembers: async (db, userId) => {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return 1 + Number(row.n);
  },
};

async function messagesCounted(db: Db, userId: string, channel: 'email' | 'sms', period: Period): Promise<number> {
  const { rows } = await sql<{ sent: number; reserved: number }>`
    SELECT
      (SELECT count(*) FROM send_recipients r JOIN sends s ON s.id = r.send_id
        WHERE s.user_id = ${userId} AND s.channel = ${channel} AND r.sent_at >= ${period.start} AND r.sent_at < ${period.end})::int AS sent,
      (SELECT coalesce(sum(audience_count), 0) FROM sends
        WHERE user_id = ${userId} AND channel = ${channel} AND status IN ('scheduled', 'pending') AND scheduled_at < ${period.end})::int AS reserved`.execute(db);
  return (rows[0]?.sent ?? 0) + (rows[0]?.reserved ?? 0);
}

/** null: known to have no paid subscription (Free). */
type Subscription = SubscriptionRow | null | undefined;

/** Monthly allowances follow the paid period; on Free, the calendar month (UTC). */
function usagePeriod(row: Subscription, now: Date): { planId: PlanId; period: Period } {
  if (row && row.plan_id in PLANS) return { planId: row.plan_id as PlanId, period: { start: row.current_period_start, end: row.current_period_end } };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { planId: 'free', period: { start, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) } };
}

/** `subscription`: the caller's already-read current subscription, to save reading it twice. */
export async function usage(db: Db, userId: string, now = new Date(), subscription?: Subscription): Promise<Usage[]> {
  const { planId, period } = usagePeriod(subscription === undefined ? await currentSubscription(db, userId, now) : subscription, now);
  const limits = PLANS[planId].limits;
  return Promise.all(
    ENTITLEMENTS.map(async (entitlement) => {
      const counter = COUNTERS[entitlement.key];
      return {
        key: entitlement.key,
        label: entitlement.label,
        used: counter ? await counter(db, userId, period) : 0,
        limit: limits[entitlement.key],
        counted: Boolean(counter),
      };
    }),
  );
}

/** One allowance of the current period: what is used and the plan's limit (a usage bar beside the thing it counts). */
export async function usageFor(db: Db, userId: string, key: EntitlementKey, now = new Date()): Promise<{ used: number; limit: number }> {
  const { planId, period } = usagePeriod(await currentSubscription(db, userId, now), now);
  const counter = COUNTERS[key];
  return { used: counter ? await counter(db, userId, period) : 0, limit: PLANS[planId].limits[key] };
}

const VERB: Record<EntitlementKey, string> = {
  contacts: 'add more',
  emailsPerMonth: 'send more',
  aiDraftsPerMonth: 'write more',
  templatesPerMonth: 'make more',
  textsPerMonth: 'send more',
  videoRendersPerMonth: 'make more',
  teamMembers: 'invite more',
};

function allowance(key: EntitlementKey, limit: number) {
  const entitlement = ENTITLEMENTS.find((e) => e.key === key)!;
  return `${limit.toLocaleString('en-US')} ${entitlement.unit}${entitlement.period === 'month' ? ' a month' : ''}`;
}

/**
 * The one gate for plan limits: throws 402 `plan_limit` when adding `increment` would pass the
 * plan's allowance, naming the cheapest plan that fits. Call it before the write. `reserved` adds what is promised but
 * not counted yet (open team invitations).
 */
export async function checkEntitlement(db: Db, userId: string, key: EntitlementKey, increment = 1, now = new Date(), reserved = 0): Promise<void> {
  const { planId, period } = usagePeriod(await currentSubscription(db, userId, now), now);
  const counter = COUNTERS[key];
  // `reserved`: promised but not yet counted (a team's open invitations).
  const used = (counter ? await counter(db, userId, period) : 0) + reserved;
  const limit = PLANS[planId].limits[key];
  if (used + increment <= limit) return;
  const plan = PLANS[planId];
  const better = PLAN_RANK.slice(PLAN_RANK.indexOf(planId) + 1).find((id) => PLANS[id].limits[key] >= used + increment);
  const next = better ?? PLAN_RANK.slice(PLAN_RANK.indexOf(planId) + 1).at(-1);
  const advice = next ? `Upgrade to ${PLANS[next].name} to ${VERB[key]}.` : `That is the most any plan allows; contact us for more.`;
  const over = used + increment - limit;
  // Many at once (a send, an import): say by how many it would go over.
  const by = increment > 1 ? ` This would be ${over.toLocaleString('en-US')} over.` : '';
  throw new AppError(402, `Your ${plan.name} plan allows ${allowance(key, limit)}.${by} ${advice}`, PLAN_LIMIT_CODE);
}
