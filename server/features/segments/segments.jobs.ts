import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';

export const SEGMENTS_ANALYZE_JOB = 'segments.analyze';
const EVERY_MS = 3600 * 1000;

/**
 * Fresh planner statistics for the tables segment queries read. PostgreSQL's autovacuum does this on its own;
 * embedded PGlite never auto-analyzes, and without statistics "spent over $200 this year" at 100k customers
 * is planned as 30,000 index probes instead of one hash join. ANALYZE samples, so it stays cheap at any size.
 */
export async function analyzeSegmentTables(deps: Pick<Deps, 'db'>) {
  await sql`ANALYZE customers, orders, order_rollups`.execute(deps.db);
}

/** At start and hourly, one run across all processes (singleton key). */
export function registerSegmentJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'logger'>): () => void {
  jobs.work(SEGMENTS_ANALYZE_JOB, () => analyzeSegmentTables(deps));
  const ask = () =>
    void jobs.enqueue(SEGMENTS_ANALYZE_JOB, {}, { singletonKey: 'segments-analyze' }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue segment statistics'));
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
