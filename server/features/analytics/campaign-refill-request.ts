import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';

/**
 * The kept campaign figures (`campaign_came_back`, migration 0290) are marked out of date by triggers (migration
 * 0314) whenever an order in a campaign's span or its ledger changes: a send going out, a POS import, a CSV of
 * orders. Computing them again takes seconds at 100k guests (3.7 s for six campaigns on PostgreSQL), so instead of
 * the owner's next look paying for it (Ask answers from the figures as they were meanwhile, saying so; a report
 * computes them), the refill job (campaign-refill.ts) computes them soon after such a batch lands: the campaigns "How did my campaigns do?"
 * shows (the newest eight with a send in the last 90 days, a day's margin for any time zone), which include the
 * campaign a report is most often opened for (the one just sent). One job per owner at a time; a second request
 * while one waits joins it, so a burst of batches costs one refill.
 */
export const CAMPAIGN_REFILL_JOB = 'analytics.campaign-refill';
/** Long enough for the batches of one import or the last windows of a send to land together. */
const REFILL_DELAY_MS = 5_000;
/** Bounces and carrier reports trickle in after a send, one at a time: one refill a minute at most for them. */
export const TRICKLE_DELAY_MS = 60_000;

export type RefillJob = { userId: string };

/**
 * Asks for a refill of this owner's kept campaign figures soon (after a send finished, an import or a batch of
 * orders, a bounce); while one waits, asking again joins it.
 */
export async function requestCampaignRefill(db: Db, now: () => Date, userId: string, delayMs = REFILL_DELAY_MS) {
  await enqueueJob(db, now, CAMPAIGN_REFILL_JOB, { userId } satisfies RefillJob, {
    runAt: new Date(now().getTime() + delayMs),
    singletonKey: `came-back:${userId}`,
    maxAttempts: 5,
    backoffSeconds: 5,
    // A batch that lands while a refill runs may have come after that run read the orders: one more run after it.
    rerunIfActive: true,
  });
}
