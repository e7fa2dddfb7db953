import { sql, type Kysely } from 'kysely';

/**
 * A singleton job asked for again while it runs (`EnqueueOptions.rerunIfActive`) cannot be queued beside itself
 * (one queued or active job per key), so the request is written on the running job: `rerun_at` is when it should
 * run once more. When the run ends it goes back to the queue for that moment instead of completing, however many
 * requests came in meanwhile: one more run, never a pile-up, and never two runs of the key at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN rerun_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS rerun_at`.execute(db);
}
