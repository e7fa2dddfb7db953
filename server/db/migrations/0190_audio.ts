import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 (audio):
 * - `audios`: speech the owner generated from a text with a voice template, stored like a file (local disk or
 *   S3); one can be used as a video's voice-over.
 * - `trending_audios`: the last gathering of trending sounds per region and source (TikTok Research API), kept
 *   with when it was fetched, so the page shows it without asking TikTok each time.
 * - `creators` and `creator_bookings` (Hire a Pro): the owner's own list of local creators, and each booking
 *   request emailed to one, with whether the mailer took it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audios')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    // builtin (eSpeak NG) or openai (an OpenAI-compatible endpoint): which engine spoke it.
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('duration', 'real')
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX audios_user_idx ON audios (user_id, created_at DESC) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('trending_audios')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('trending_audios_pk', ['source', 'region'])
    .execute();

  await db.schema
    .createTable('creators')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX creators_user_idx ON creators (user_id, created_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await db.schema
    .createTable('creator_bookings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creator_id', 'uuid', (c) => c.notNull().references('creators.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX creator_bookings_user_idx ON creator_bookings (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('creator_bookings').execute();
  await db.schema.dropTable('creators').execute();
  await db.schema.dropTable('trending_audios').execute();
  await db.schema.dropTable('audios').execute();
}
