import { type Kysely } from 'kysely';

/**
 * When a code was last mailed per (email, purpose). Kept apart from users so the resend cooldown
 * behaves the same for an address with no account: request-otp must not reveal which emails exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_cooldowns')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_cooldowns_pkey', ['email', 'purpose'])
    .execute();
  await db.schema.createIndex('otp_cooldowns_last_sent_at_idx').on('otp_cooldowns').column('last_sent_at').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at_idx').execute();
  await db.schema.dropTable('otp_cooldowns').execute();
}
