import { sql, type Kysely } from 'kysely';

/** The media library (images, videos, folders) and the resumable (tus) uploads that feed it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'uuid', (c) => c.references('media.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('is_folder', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration', 'double precision')
    // Storage keys: the served file, WebP thumbnails (256 and 1024 px) and, for videos, the poster frame.
    .addColumn('file_key', 'text')
    .addColumn('thumb_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Soft delete: the retention job removes the files and the row MEDIA_RETENTION_DAYS later.
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The listing pages: one folder of one owner, live rows only, in each sort order.
  await sql`CREATE INDEX media_folder_updated_idx ON media (user_id, parent_id, is_folder, updated_at DESC, id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX media_folder_name_idx ON media (user_id, parent_id, is_folder, lower(name), id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX media_type_idx ON media (user_id, type, updated_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX media_recent_idx ON media (user_id, created_at DESC) WHERE deleted_at IS NULL AND NOT is_folder`.execute(db);
  await sql`CREATE INDEX media_deleted_idx ON media (deleted_at) WHERE deleted_at IS NOT NULL`.execute(db);

  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('media_uploads_created_idx').on('media_uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_uploads').execute();
  await db.schema.dropTable('media').execute();
}
