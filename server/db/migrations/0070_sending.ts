import { sql, type Kysely } from 'kysely';

/**
 * The sending engine: one `sends` row per campaign going to a segment at a moment, and its ledger
 * (`send_recipients`: one row per send and customer, the unit of exactly-once). Tracking events, the
 * owner's suppression list, the history of every consent change, and the restaurant's time zone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    // What is being sent: an email draft, a text campaign, a sequence step.
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('segment_id', 'uuid')
    .addColumn('title', 'text', (c) => c.notNull())
    // scheduled → pending → sending ⇄ paused → sent | canceled | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    // The message as it was at the moment of sending (rendered once; merge tags filled per recipient).
    .addColumn('content', 'jsonb')
    // Where links, the open pixel and the unsubscribe page live (PUBLIC_URL or the address the owner used).
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('audience_count', 'integer')
    // Share of the audience kept back at random to measure the lift (0 = none).
    .addColumn('holdout_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX sends_user_idx ON sends (user_id, channel, created_at DESC)`.execute(db);
  await sql`CREATE INDEX sends_source_idx ON sends (user_id, source_kind, source_id)`.execute(db);

  await db.schema
    .createTable('send_recipients')
    .addColumn('send_id', 'uuid', (c) => c.notNull().references('sends.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    // queued | held (quiet hours) | claimed | sending | sent | delivered | bounced | failed | suppressed | skipped | uncertain | canceled | holdout
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('not_before', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('provider_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('bounce_type', 'text')
    .addColumn('first_opened_at', 'timestamptz')
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proxy_opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_clicked_at', 'timestamptz')
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('complained_at', 'timestamptz')
    .addPrimaryKeyConstraint('send_recipients_pk', ['send_id', 'customer_id'])
    .execute();
  // The claim: the next due rows of a send, in a stable order.
  await sql`CREATE INDEX send_recipients_due_idx ON send_recipients (send_id, status, not_before, customer_id)`.execute(db);
  await sql`CREATE INDEX send_recipients_customer_idx ON send_recipients (customer_id, sent_at)`.execute(db);
  await sql`CREATE INDEX send_recipients_provider_idx ON send_recipients (provider_id) WHERE provider_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('send_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('send_id', 'uuid', (c) => c.notNull().references('sends.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    // open | click | unsubscribe | bounce | complaint | status
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('detail', 'text')
    // An open fetched by a mail service's prefetching proxy, not by a person.
    .addColumn('proxy', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE INDEX send_events_send_idx ON send_events (send_id, kind, at)`.execute(db);

  await db.schema
    .createTable('suppressions')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    // Normalised: a lower-cased email or an E.164 phone.
    .addColumn('address', 'text', (c) => c.notNull())
    // unsubscribed | hard_bounce | complaint | opted_out | invalid
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('suppressions_pk', ['user_id', 'channel', 'address'])
    .execute();

  await db.schema
    .createTable('consent_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('granted', 'boolean', (c) => c.notNull())
    // How: 'unsubscribe link', 'text reply', 'in person at the counter', 'csv import', …
    .addColumn('source', 'text', (c) => c.notNull())
    // The words that did it, e.g. the text message "STOP".
    .addColumn('proof', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX consent_events_customer_idx ON consent_events (customer_id, at DESC)`.execute(db);

  await sql`ALTER TABLE brand_settings ADD COLUMN time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE brand_settings DROP COLUMN time_zone`.execute(db);
  for (const table of ['consent_events', 'suppressions', 'send_events', 'send_recipients', 'sends']) await db.schema.dropTable(table).execute();
}
