import { sql, type Kysely } from 'kysely';
import { createCameBackFunctions } from './0290_campaign_came_back.ts';

/**
 * Issue 16 (Ask answers fast): a change that touches a campaign's kept figures (an order in its span, a ledger row
 * entering or leaving "reached" or "kept back") no longer removes the row but marks it stale (`stale_since`, the
 * moment of the first such change), in the same transaction as the change. Ask then answers at once from the
 * figures as they were, saying when they were worked out, while the refill job (campaign-refill.ts) computes them
 * again; a campaign report still computes stale figures afresh. Filling a row clears the mark. Rows removed
 * before this migration stay absent until the refill job or the next look computes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE campaign_came_back ADD COLUMN stale_since timestamptz`.execute(db);
  await createCameBackFunctions(db, 'UPDATE campaign_came_back c SET stale_since = now() WHERE c.stale_since IS NULL AND');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createCameBackFunctions(db, 'DELETE FROM campaign_came_back c WHERE');
  await sql`DELETE FROM campaign_came_back WHERE stale_since IS NOT NULL`.execute(db);
  await sql`ALTER TABLE campaign_came_back DROP COLUMN stale_since`.execute(db);
}
