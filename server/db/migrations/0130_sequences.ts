import { sql, type Kysely } from 'kysely';

/**
 * Sequences: email and text campaigns chained into steps that run by themselves. Each step (item) has a cron
 * schedule in the restaurant's time zone; at each tick the customers who are due get the step through the
 * sending engine (one `sends` row per tick with someone due, recorded in `sequence_ticks`).
 *
 * The engine learns "steps": a send may carry `step_key` (this step: a customer gets it at most once over all
 * of its sends) and `after_step_key` + `after_wait_days` (only customers who received that step, at least so
 * many days ago). The engine applies them when it snapshots the audience, next to consent and suppression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sequences')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Set at creation, then fixed (spec §2: the editor's segment selector is disabled).
    .addColumn('segment_id', 'uuid', (c) => c.references('segments.id').onDelete('set null'))
    // DRAFT → ACTIVE ⇄ PAUSED → CANCELLED (spec §3, §4).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT'))
    // Share of the first step's audience kept back at random, to measure the lift (0 or 10).
    .addColumn('holdout_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // Where links inside its messages point (PUBLIC_URL, or the address the owner last used to change it).
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('launched_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX sequences_user_idx ON sequences (user_id, updated_at DESC)`.execute(db);

  await db.schema
    .createTable('sequence_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sequence_id', 'uuid', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // EMAIL (a completed email draft) or SMS (a completed text campaign).
    .addColumn('campaign_type', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'uuid', (c) => c.notNull())
    .addColumn('cron_schedule', 'text', (c) => c.notNull())
    // "N days after the previous step": the previous step must have reached the customer this long ago.
    .addColumn('wait_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // The moment of the tick the job queue holds for this step (a tick whose moment is no longer this one is stale).
    .addColumn('next_tick_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX sequence_items_sequence_idx ON sequence_items (sequence_id, position)`.execute(db);

  await db.schema
    .createTable('sequence_ticks')
    .addColumn('item_id', 'uuid', (c) => c.notNull())
    .addColumn('tick_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sequence_id', 'uuid', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('send_id', 'uuid', (c) => c.references('sends.id').onDelete('set null'))
    .addColumn('due', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One send per step and tick, whatever the number of processes or restarts.
    .addPrimaryKeyConstraint('sequence_ticks_pk', ['item_id', 'tick_at'])
    .execute();
  await sql`CREATE INDEX sequence_ticks_sequence_idx ON sequence_ticks (sequence_id, tick_at DESC)`.execute(db);

  await sql`ALTER TABLE sends ADD COLUMN step_key text, ADD COLUMN after_step_key text, ADD COLUMN after_wait_days integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX sends_step_idx ON sends (user_id, step_key) WHERE step_key IS NOT NULL`.execute(db);
  // The dashboard's week: every send of an owner by the moment it started.
  await sql`CREATE INDEX sends_started_idx ON sends (user_id, started_at) WHERE started_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sends_started_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS sends_step_idx`.execute(db);
  await sql`ALTER TABLE sends DROP COLUMN IF EXISTS step_key, DROP COLUMN IF EXISTS after_step_key, DROP COLUMN IF EXISTS after_wait_days`.execute(db);
  await db.schema.dropTable('sequence_ticks').ifExists().execute();
  await db.schema.dropTable('sequence_items').ifExists().execute();
  await db.schema.dropTable('sequences').ifExists().execute();
}
