import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 (security):
 * - `signin_throttle`: failed sign-ins per (account, client) and per account, with the delay each
 *   earned and when the owner was last told by email (server/features/auth/signin-throttle.ts).
 * - `otp_cooldowns.attempts`: wrong codes per (email, purpose) since the last code was mailed, kept
 *   for every address alike so a wrong code answers the same whether or not the account exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('notified_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signin_throttle_updated_at_idx').on('signin_throttle').column('updated_at').execute();
  await db.schema.alterTable('otp_cooldowns').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_cooldowns').dropColumn('attempts').execute();
  await db.schema.dropTable('signin_throttle').execute();
}
