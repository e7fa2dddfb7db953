import { sql, type Kysely } from 'kysely';

/**
 * The two customer orders the busiest screens read one page of (issue 17's load): the customer list by name (its
 * default sort) and a segment's customers, biggest spenders first (also top performers). Without these, every page
 * sorted all of the owner's live customers to keep 25: 9 ms at 10,000 customers on PostgreSQL, growing with the list.
 * With them a page reads its rows in order and stops. The expressions are exactly those of the queries' ORDER BY
 * (customers.service.ts applySort, segments.service.ts segmentCustomersPage), or the planner cannot use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX customers_name_order_idx ON customers (user_id, lower(coalesce(given_name, family_name, email, phone)), lower(family_name), id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX customers_spent_order_idx ON customers (user_id, total_spent_cents DESC, id) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX customers_spent_order_idx`.execute(db);
  await sql`DROP INDEX customers_name_order_idx`.execute(db);
}
