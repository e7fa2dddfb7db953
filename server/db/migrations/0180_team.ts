import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 (team):
 * - `users.team_owner_id`: set for a staff member, the owner whose restaurant they joined (null for owners). Removing
 *   the owner's account removes their staff with it.
 * - `team_invitations`: one mailed, single-use, expiring link per invitation (only the token's SHA-256 is kept).
 * - `media.uploaded_by` / `uploaded_by_name`: who uploaded an item (the owner or a staff member). The name is kept
 *   beside the id so a removed member's uploads still say who took them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('team_owner_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await sql`CREATE INDEX users_team_owner_id_idx ON users (team_owner_id) WHERE team_owner_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // At most one open invitation per address and restaurant: inviting again resends it.
  await sql`CREATE UNIQUE INDEX team_invitations_open_key ON team_invitations (owner_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);

  await db.schema
    .alterTable('media')
    .addColumn('uploaded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by_name', 'text')
    .execute();
  await sql`CREATE INDEX media_user_uploaded_by_idx ON media (user_id, uploaded_by) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS media_user_uploaded_by_idx`.execute(db);
  await db.schema.alterTable('media').dropColumn('uploaded_by_name').dropColumn('uploaded_by').execute();
  await db.schema.dropTable('team_invitations').execute();
  await sql`DROP INDEX IF EXISTS users_team_owner_id_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('team_owner_id').execute();
}
