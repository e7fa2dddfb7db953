import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { CAMPAIGN_REFILL_JOB, requestCampaignRefill, type RefillJob } from './campaign-refill-request.ts';
import { campaignKeySql, keepCameBack } from './campaign-results.ts';
import { DEFAULT_DAYS, MAX_CAMPAIGNS } from './questions/campaign-results.ts';

/**
 * Computes and keeps the figures of the owner's recent campaigns that are not kept, or kept but out of date. Throws when some could not
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

/**
 * Owners with a campaign sent in the last 90 days whose figures were never kept, or are out of date (figures
 * removed before migration 0314, a refill that gave up after its attempts, a reset): a refill for each, so Ask's
 * first answer reads kept figures. One statement over the sends of the last 90 days, at start.
 */
export async function requestMissingRefills(db: Db, now: () => Date): Promise<number> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT s.user_id FROM sends s
    LEFT JOIN campaign_came_back k ON k.user_id = s.user_id AND k.campaign_key = ${campaignKeySql('s')}
    WHERE s.started_at IS NOT NULL AND s.started_at >= ${new Date(now().getTime() - (DEFAULT_DAYS + 1) * 86_400_000)} AND s.started_at <= ${now()}
      AND (k.user_id IS NULL OR k.stale_since IS NOT NULL)`.execute(db);
  for (const row of rows) await requestCampaignRefill(db, now, row.user_id);
  return rows.length;
}

export function registerCampaignRefillJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'now' | 'logger'>): () => void {
  jobs.work<RefillJob>(CAMPAIGN_REFILL_JOB, async (job) => {
    await refillCampaignFigures(deps.db, job.payload.userId, deps.now());
  });
  void requestMissingRefills(deps.db, deps.now).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue the refills of kept campaign figures'));
  return () => {};
}
