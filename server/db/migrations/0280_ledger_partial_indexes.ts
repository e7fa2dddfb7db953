import { sql, type Kysely } from 'kysely';

/**
 * The ledger's two indexes that every status change used to touch, made partial so that a message costs fewer
 * index writes (two row versions per message: taken, then its outcome; no index holds `status` as a column):
 * - the due index holds only queued rows, by the moment each may go (no moment: '-infinity', first), so reading
 *   the due rows is one range of it and never walks past rows held for later (quiet hours, retries);
 * - the customer index holds only rows that went out (the one-text-a-day rule and a guest's history ask for
 *   `sent_at`), so marking a row `sending` writes nothing to it.
 * Lookups by send and customer, and a send's counts by status, use the primary key (send_id, customer_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS send_recipients_due_idx`.execute(db);
  await sql`CREATE INDEX send_recipients_due_idx ON send_recipients (send_id, (coalesce(not_before, '-infinity'::timestamptz)), customer_id) WHERE status = 'queued'`.execute(db);
  await sql`DROP INDEX IF EXISTS send_recipients_customer_idx`.execute(db);
  await sql`CREATE INDEX send_recipients_customer_idx ON send_recipients (customer_id, sent_at) WHERE sent_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS send_recipients_due_idx`.execute(db);
  await sql`CREATE INDEX send_recipients_due_idx ON send_recipients (send_id, status, not_before, customer_id)`.execute(db);
  await sql`DROP INDEX IF EXISTS send_recipients_customer_idx`.execute(db);
  await sql`CREATE INDEX send_recipients_customer_idx ON send_recipients (customer_id, sent_at)`.execute(db);
}
