import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 (Ask answers fast): a segment condition on spend within a calendar month or year ("spent over $200
 * this year") read every rollup row of the period from `order_rollups_period_idx` and filtered them on
 * `spent_cents` (at 100k customers, every customer's row of the year to keep the quarter over the threshold).
 * With `spent_cents` as a key column after the period, the threshold is a range of this index: only the rows
 * that match are read (index-only, `customer_id` included).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX order_rollups_spent_idx ON order_rollups (user_id, period_kind, period_start, spent_cents) INCLUDE (customer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS order_rollups_spent_idx`.execute(db);
}
