import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { enqueueJob } from '../../jobs/queue.ts';

/** The job's name predates VACUUM; kept so rows queued by an older version still find their handler. */
const SEGMENTS_ANALYZE_JOB = 'segments.analyze';
const SINGLETON = 'segments-analyze';
const EVERY_MS = 3600 * 1000;

/**
 * Housekeeping for the tables segment queries read: VACUUM marks pages all-visible (so the covering indexes
 * answer "visits in the last 30 days" without touching the table) and ANALYZE refreshes planner statistics.
 * PostgreSQL's autovacuum does both eventually; embedded PGlite never does. Measured at 100k customers / 1M
 * orders on PGlite: that segment's count went from 108 ms to 43 ms, "spent over $200 this year" from 69 to 36.
 * Ask's sales over time read `order_sales_slots` the same way (migration 0300).
 * VACUUM without FULL takes no lock that blocks reads or writes, and skips pages already all-visible.
 */
export async function maintainSegmentTables(deps: Pick<Deps, 'db'>) {
  await sql`VACUUM (ANALYZE) customers, orders, order_rollups, order_sales_slots`.execute(deps.db);
}

/** Asks for a run soon (after an import). At most one is queued at a time, across all processes. */
export async function requestSegmentMaintenance(db: Db, now: () => Date) {
  await enqueueJob(db, now, SEGMENTS_ANALYZE_JOB, {}, { singletonKey: SINGLETON });
}

/** At start, hourly, and after each import; one run across all processes (singleton key). */
export function registerSegmentJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'logger'>): () => void {
  jobs.work(SEGMENTS_ANALYZE_JOB, () => maintainSegmentTables(deps));
  const ask = () =>
    void jobs.enqueue(SEGMENTS_ANALYZE_JOB, {}, { singletonKey: SINGLETON }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue segment table maintenance'));
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
