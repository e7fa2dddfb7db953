import type { PlanId } from '../../../src/contract/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import { addMonth } from '../../providers/billing/billing.ts';
import { isPlanId } from './plans.ts';
import type { SubscriptionRow } from './subscriptions.table.ts';

/** Statuses that keep the plan's features; past_due keeps them while the card is retried. */
const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

/**
 * The paid subscription in force now, or undefined (Free). A built-in subscription past its end
 * renews by whole months unless it was cancelled (the test provider has no billing clock of its
 * own); one cancelled at period end simply stops counting once the end has passed.
 */
export async function currentSubscription(db: Db, userId: string, now: Date): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE_STATUSES)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || !isPlanId(row.plan_id)) return undefined;
  if (row.current_period_end.getTime() > now.getTime()) return row;
  if (row.cancel_at_period_end) {
    await db.updateTable('subscriptions').set({ status: 'canceled', updated_at: now }).where('id', '=', row.id).execute();
    return undefined;
  }
  if (row.provider === 'builtin') {
    let start = row.current_period_start;
    let end = row.current_period_end;
    while (end.getTime() <= now.getTime()) {
      start = end;
      end = addMonth(end);
    }
    return db
      .updateTable('subscriptions')
      .set({ current_period_start: start, current_period_end: end, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  // Stripe renews on its side and tells us by webhook; until then the stored period is stale, not over.
  return row;
}

export type SessionSubscription = {
  activeSubscription: PlanId | null;
  activeSubscriptionStart: string | null;
  activeSubscriptionEnd: string | null;
};

/** What sign-in and /users/me report (spec §3 user session): null plan means Free. */
export async function sessionSubscription(db: Db, userId: string, now = new Date()): Promise<SessionSubscription> {
  const row = await currentSubscription(db, userId, now);
  if (!row || !isPlanId(row.plan_id)) return { activeSubscription: null, activeSubscriptionStart: null, activeSubscriptionEnd: null };
  return {
    activeSubscription: row.plan_id,
    activeSubscriptionStart: row.current_period_start.toISOString(),
    activeSubscriptionEnd: row.current_period_end.toISOString(),
  };
}
