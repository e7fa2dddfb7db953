import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { enqueueJob } from '../../jobs/queue.ts';

/** The job's name predates VACUUM; kept so rows queued by an older version still find their handler. */
const SEGMENTS_ANALYZE_JOB = 'segments.analyze';
const SINGLETON = 'segments-analyze';
const EVERY_MS = 3600 * 1000;

const SEGMENT_TABLES = ['customers', 'orders', 'order_rollups', 'order_sales_slots'] as const;

/**
 * Housekeeping for the tables segment queries read: VACUUM marks pages all-visible (so the covering indexes
 * answer "visits in the last 30 days" without touching the table) and ANALYZE refreshes planner statistics.
 * PostgreSQL's autovacuum does both eventually; embedded PGlite never does. Measured at 100k customers / 1M
 * orders on PGlite: that segment's count went from 108 ms to 43 ms, "spent over $200 this year" from 69 to 36.
 * Ask's sales over time read `order_sales_slots` the same way (migration 0300).
 * VACUUM without FULL takes no lock that blocks reads or writes, and skips pages already all-visible.
 */
export async function maintainSegmentTables(deps: Pick<Deps, 'db'>) {
  // Tables with no row changed since their last ANALYZE (by the statistics PostgreSQL and PGlite keep) are not
  // sampled again: ANALYZE reads a sample of 30,000 rows whether or not anything changed (0.6–0.9 s at 100,000
  // customers on PGlite on a busy machine), and the hourly run would otherwise stall PGlite's users for that long for
  // nothing. A change not yet counted (another connection's statistics can lag by seconds) is analyzed by the next run.
  // This connection's own uncounted changes first (PGlite's only one; on PostgreSQL autovacuum covers the others).
  await sql`SELECT pg_stat_force_next_flush()`.execute(deps.db);
  const { rows } = await sql<{ relname: string }>`
    SELECT relname FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND relname IN (${sql.join(SEGMENT_TABLES)})
      AND n_mod_since_analyze = 0 AND coalesce(last_analyze, last_autoanalyze) IS NOT NULL`.execute(deps.db);
  const unchanged = new Set(rows.map((row) => row.relname));
  // One table and one step at a time: on PGlite's only connection a statement cannot be interrupted, and one
  // VACUUM (ANALYZE) of all four tables held every request for its whole length (issue 17's load bench). Between
  // statements the fair gate (db/fair-gate.ts) lets the requests that arrived meanwhile go first. VACUUM alone is cheap
  // when nothing changed: it skips pages already all-visible.
  for (const table of SEGMENT_TABLES) {
    await sql`VACUUM ${sql.table(table)}`.execute(deps.db);
    if (!unchanged.has(table)) await sql`ANALYZE ${sql.table(table)}`.execute(deps.db);
  }
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
