import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { CAMPAIGN_REFILL_JOB, requestCampaignRefill, type RefillJob } from './campaign-refill-request.ts';
import { campaignKeySql, keepCameBack } from './campaign-results.ts';
import { DEFAULT_DAYS, MAX_CAMPAIGNS } from './questions/campaign-results.ts';

/** Campaigns of any age whose figures were never kept, computed per run beyond the recent ones (the rest in the next run). */
const NEVER_KEPT_PER_RUN = 20;

/** A send that had started by `now`, of campaigns whose kept row is missing (`never`) or missing or out of date (`notExact`). */
const withoutFigures = (now: Date, which: 'never' | 'notExact') => sql`
  s.started_at IS NOT NULL AND s.started_at <= ${now} AND NOT EXISTS (
    SELECT 1 FROM campaign_came_back k WHERE k.user_id = s.user_id AND k.campaign_key = ${campaignKeySql('s')}
      ${which === 'notExact' ? sql`AND k.stale_since IS NULL` : sql``})`;

/**
 * Computes and keeps the figures of the owner's recent campaigns (those "How did my campaigns do?" shows) that are
 * not kept or out of date, and of up to 20 older campaigns never kept (so a question about last spring's campaign
 * reads kept figures too; more are left to another run, asked for here), leaving out campaigns still going out. Throws when some could not be kept
 * because the owner's orders or ledger were being written at that moment, so the queue tries again a little later
 * (with backoff) rather than leaving them to the owner's next question.
 */
export async function refillCampaignFigures(db: Db, userId: string, now: Date): Promise<{ computed: number }> {
  const [{ rows: recent }, { rows: never }, { rows: sending }] = await Promise.all([
    sql<{ campaign: string }>`
      SELECT ${campaignKeySql('s')} AS campaign FROM sends s
      WHERE s.user_id = ${userId} AND s.started_at IS NOT NULL AND s.started_at >= ${recentSince(now)} AND s.started_at <= ${now}
      GROUP BY 1 ORDER BY max(s.started_at) DESC, 1 LIMIT ${MAX_CAMPAIGNS}`.execute(db),
    sql<{ campaign: string }>`
      SELECT ${campaignKeySql('s')} AS campaign FROM sends s WHERE s.user_id = ${userId} AND ${withoutFigures(now, 'never')}
      GROUP BY 1 ORDER BY max(s.started_at) DESC, 1 LIMIT ${NEVER_KEPT_PER_RUN + 1}`.execute(db),
    // A campaign still going out changes with every window (and its writes would keep the figures from being
    // kept): its send's end asks for a refill.
    sql<{ campaign: string }>`SELECT DISTINCT ${campaignKeySql('s')} AS campaign FROM sends s WHERE s.user_id = ${userId} AND s.status = 'sending'`.execute(db),
  ]);
  const going = new Set(sending.map((row) => row.campaign));
  const campaigns = new Set([...recent.map((row) => row.campaign), ...never.slice(0, NEVER_KEPT_PER_RUN).map((row) => row.campaign)].filter((key) => !going.has(key)));
  const { computed, notKept } = await keepCameBack(db, userId, [...campaigns]);
  if (notKept > 0) throw new Error(`${notKept} of ${computed} campaigns' figures not kept: a write was in flight`);
  if (never.length > NEVER_KEPT_PER_RUN) await requestCampaignRefill(db, () => now, userId);
  return { computed };
}

const recentSince = (now: Date) => new Date(now.getTime() - (DEFAULT_DAYS + 1) * 86_400_000);

/**
 * Owners with a campaign whose figures were never kept, or a recent one (last 90 days) whose figures are out of
 * date (figures removed before migration 0314, a refill that gave up after its attempts, a reset): a refill for
 * each, so Ask's first answer reads kept figures. One statement over the owners' sends, at start.
 */
export async function requestMissingRefills(db: Db, now: () => Date): Promise<number> {
  const at = now();
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT s.user_id FROM sends s
    WHERE ${withoutFigures(at, 'never')} OR (s.started_at >= ${recentSince(at)} AND ${withoutFigures(at, 'notExact')})`.execute(db);
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
