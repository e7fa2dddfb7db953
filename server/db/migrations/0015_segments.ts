import { sql, type Kysely } from 'kysely';

/** Saved segments (issue 5). Only the definition is stored: who is in a segment is computed at use time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('query', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('segments_user_idx').on('segments').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('segments').execute();
}
