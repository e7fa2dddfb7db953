import { sql, type Kysely } from 'kysely';

/**
 * A rollup row's kind and start date are strongly related (every year row starts on 1 January, as does one
 * month row). Without telling the planner, it multiplies their selectivities, expects ~1,500 rows where there
 * are ~30,000 for "this year" at 100k customers, and picks 30,000 index probes (200 ms) over a hash join (60 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE STATISTICS order_rollups_period_stats (dependencies, mcv) ON period_kind, period_start FROM order_rollups`.execute(db);
  await sql`ANALYZE order_rollups`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP STATISTICS IF EXISTS order_rollups_period_stats`.execute(db);
}
