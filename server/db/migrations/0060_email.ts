import { sql, type Kysely } from 'kysely';

/** Email drafts (AI-written or from a template), the owner's own templates, and public copies of photos used in emails. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_drafts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'ai' (written from a prompt: counts toward the plan's AI drafts) or 'template'.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('user_title', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('preheader', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blocks', 'jsonb', (c) => c.notNull())
    // The preview HTML as of the last change (lists show it without rendering every card again).
    .addColumn('html', 'text', (c) => c.notNull())
    // Seed of the last AI writing; each regeneration takes the next one.
    .addColumn('seed', 'integer', (c) => c.notNull().defaultTo(1))
    // Every completion (spec §3 email_completed: empty means still a draft).
    .addColumn('completions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Optimistic concurrency: every change needs the version the client saw, and bumps it.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX email_drafts_user_updated_idx ON email_drafts (user_id, updated_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX email_drafts_user_created_idx ON email_drafts (user_id, source, created_at)`.execute(db);

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('preheader', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blocks', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX email_templates_user_idx ON email_templates (user_id, category, updated_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX email_templates_user_created_idx ON email_templates (user_id, created_at)`.execute(db);

  // A photo from the library as it appears in emails: a JPEG copy, public by an unguessable name, kept when the
  // library item is deleted (emails already sent still show it).
  await db.schema
    .createTable('email_images')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('email_images_pk', ['user_id', 'media_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_images').execute();
  await db.schema.dropTable('email_templates').execute();
  await db.schema.dropTable('email_drafts').execute();
}
