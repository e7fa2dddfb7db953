import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: "a scheduled send is about to go". One row per send that was reminded (at most one reminder per
 * send, whatever the job queue retries), with the nonce of the one-tap cancel token the push carried and when
 * that token was used (a token works once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('send_reminders')
    .addColumn('send_id', 'uuid', (c) => c.primaryKey().references('sends.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('token_id', 'uuid', (c) => c.notNull())
    .addColumn('token_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('token_used_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('send_reminders_user_idx').on('send_reminders').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('send_reminders').execute();
}
