import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { campaignKeySql, keepCameBack } from './campaign-results.ts';
import { DEFAULT_DAYS, MAX_CAMPAIGNS } from './questions/campaign-results.ts';

/**
 * The kept campaign figures (`campaign_came_back`, migration 0290) are removed by triggers whenever an order in a
 * campaign's span or its ledger changes: a send going out, a POS import, a CSV of orders. Computing them again
 * takes seconds at 100k guests (3.7 s for six campaigns on PostgreSQL), so instead of the owner's next question
 * paying for it, this job computes them soon after such a batch lands: the campaigns "How did my campaigns do?"
 * shows (the newest eight with a send in the last 90 days, a day's margin for any time zone), which include the
 * campaign a report is most often opened for (the one just sent). One job per owner at a time; a second request
 * while one waits joins it, so a burst of batches costs one refill.
 */
export const CAMPAIGN_REFILL_JOB = 'analytics.campaign-refill';
/** Long enough for the batches of one import or the last windows of a send to land together. */
const REFILL_DELAY_MS = 5_000;
/** Bounces and carrier reports trickle in after a send, one at a time: one refill a minute at most for them. */
export const TRICKLE_DELAY_MS = 60_000;

type RefillJob = { userId: string };

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

/**
 * Computes and keeps the figures of the owner's recent campaigns that are not kept. Throws when some could not
 * be kept because the owner's orders or ledger were being written at that moment, so the queue tries again
 * a little later (with backoff) rather than leaving them to the owner's next question.
 */
export async function refillCampaignFigures(db: Db, userId: string, now: Date): Promise<{ computed: number }> {
  const { rows } = await sql<{ campaign: string }>`
    SELECT ${campaignKeySql('s')} AS campaign FROM sends s
    WHERE s.user_id = ${userId} AND s.started_at IS NOT NULL AND s.started_at >= ${new Date(now.getTime() - (DEFAULT_DAYS + 1) * 86_400_000)} AND s.started_at <= ${now}
    GROUP BY 1 ORDER BY max(s.started_at) DESC, 1 LIMIT ${MAX_CAMPAIGNS}`.execute(db);
  const { computed, notKept } = await keepCameBack(
    db,
    userId,
    rows.map((row) => row.campaign),
  );
  if (notKept > 0) throw new Error(`${notKept} of ${computed} campaigns' figures not kept: a write was in flight`);
  return { computed };
}

export function registerCampaignRefillJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'now'>): () => void {
  jobs.work<RefillJob>(CAMPAIGN_REFILL_JOB, async (job) => {
    await refillCampaignFigures(deps.db, job.payload.userId, deps.now());
  });
  return () => {};
}
