import { sql, type Kysely } from 'kysely';

/** The owner's brand (issue 6): one row per user, created on first save. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('brand_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('brand_logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('brand_voice', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('#FF3434'))
    .addColumn('header_image_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brand_settings').execute();
}
