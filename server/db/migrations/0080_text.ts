import { sql, type Kysely } from 'kysely';

/**
 * Text campaigns: the AI chat (conversations and their turns), the texts it wrote (SMS campaigns, edited and
 * sent through the sending engine), replies from guests (STOP, HELP, START...) as they came in, and how often
 * a restaurant may text the same guest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('text_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('sms_category', 'text', (c) => c.notNull())
    // 'pending' until the AI has written a draft, then 'completed' (spec §4: the input is then disabled).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX text_conversations_user_idx ON text_conversations (user_id, updated_at DESC)`.execute(db);

  await db.schema
    .createTable('text_turns')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('text_conversations.id').onDelete('cascade'))
    // What the owner typed and what the AI answered: a question or a draft (spec §3 messages: text, response).
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX text_turns_conversation_idx ON text_turns (conversation_id, created_at)`.execute(db);

  await db.schema
    .createTable('sms_campaigns')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'uuid', (c) => c.unique().references('text_conversations.id').onDelete('set null'))
    .addColumn('user_title', 'text', (c) => c.notNull())
    .addColumn('sms_category', 'text')
    .addColumn('final_sms_draft', 'text', (c) => c.notNull())
    .addColumn('is_completed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('completed_at', 'timestamptz')
    // Seed of the last AI wording; Regenerate takes the next.
    .addColumn('seed', 'integer', (c) => c.notNull().defaultTo(1))
    // Optimistic concurrency for edits from the outbox, as email drafts.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX sms_campaigns_user_idx ON sms_campaigns (user_id, updated_at DESC) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('sms_inbound')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('message_sid', 'text', (c) => c.notNull().unique())
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // opt_out, opt_in, help or none; `matched` is what decided it (kept as the proof).
    .addColumn('intent', 'text', (c) => c.notNull())
    .addColumn('matched', 'text')
    // The restaurant it answers (the last one that texted this number), when one did.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX sms_inbound_user_idx ON sms_inbound (user_id, received_at DESC)`.execute(db);

  // At most one marketing text per this many hours to the same guest (spec-free; TCPA practice). 0: no limit.
  await db.schema.alterTable('brand_settings').addColumn('text_gap_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();
  // Recent texts to a number (which restaurant a reply answers; the one-a-day rule).
  await sql`CREATE INDEX send_recipients_address_idx ON send_recipients (to_address, sent_at DESC) WHERE sent_at IS NOT NULL`.execute(db);
}
