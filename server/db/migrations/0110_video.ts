import { sql, type Kysely } from 'kysely';

/**
 * Video campaigns: scripts written from a concept (scene by scene), videos rendered from them (a job, its
 * progress and the stored result), their TikTok publishing, and snapshots of TikTok's figures over time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_scripts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('subcategory', 'text', (c) => c.notNull())
    .addColumn('video_style', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('scenes', 'jsonb', (c) => c.notNull())
    .addColumn('writer', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX video_scripts_user_idx ON video_scripts (user_id, updated_at DESC) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('videos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('script_id', 'uuid', (c) => c.references('video_scripts.id').onDelete('set null'))
    .addColumn('script_query', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // pending (queued or rendering), done, error (spec §9 values).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // What was asked: the scenes as they were when Create Video was pressed, voice, logo and config.
    .addColumn('request', 'jsonb', (c) => c.notNull())
    // The finished file is a media item of the owner's (stored like any upload).
    .addColumn('media_id', 'uuid', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('duration', 'real')
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX videos_user_idx ON videos (user_id, created_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX videos_pending_idx ON videos (status) WHERE status = 'pending'`.execute(db);

  await db.schema
    .createTable('video_publishes')
    .addColumn('video_id', 'uuid', (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('tiktok'))
    .addColumn('publish_id', 'text', (c) => c.unique())
    // QUEUED (ours, before TikTok answers), then TikTok's: PROCESSING_UPLOAD, PROCESSING_DOWNLOAD, SEND_TO_USER_INBOX, PUBLISH_COMPLETE, FAILED.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('error', 'text')
    .addColumn('privacy_level', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('disable_comment', 'boolean', (c) => c.notNull().defaultTo(false))
    // TikTok's id of the public post (publicaly_available_post_id), for the video query.
    .addColumn('post_id', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX video_publishes_user_idx ON video_publishes (user_id, created_at DESC)`.execute(db);

  await db.schema
    .createTable('video_snapshots')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addColumn('likes', 'bigint', (c) => c.notNull())
    .addColumn('comments', 'bigint', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX video_snapshots_video_idx ON video_snapshots (video_id, taken_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['video_snapshots', 'video_publishes', 'videos', 'video_scripts']) await db.schema.dropTable(table).ifExists().execute();
}
