import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 (the weekly suggestions of the video home): the spec's tooltip says generated videos are re-generated once
 * a week. `video_suggestion_weeks` has one row per owner and week (its primary key is what makes the weekly job run
 * once a week, also across a restart or with two servers); `video_suggestions` holds the (at most three) suggested
 * scripts the last refresh wrote from that week's new photos and clips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE video_suggestion_weeks (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    week_start timestamptz NOT NULL,
    outcome text NOT NULL,
    new_media integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, week_start)
  )`.execute(db);
  await sql`CREATE TABLE video_suggestions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    week_start timestamptz NOT NULL,
    position integer NOT NULL,
    query text NOT NULL,
    subcategory text NOT NULL,
    video_style text,
    title text NOT NULL,
    scenes jsonb NOT NULL,
    writer text NOT NULL,
    demo boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX video_suggestions_user_idx ON video_suggestions (user_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS video_suggestions`.execute(db);
  await sql`DROP TABLE IF EXISTS video_suggestion_weeks`.execute(db);
}
