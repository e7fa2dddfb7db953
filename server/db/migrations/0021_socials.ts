import { sql, type Kysely } from 'kysely';

/** TikTok links (issue 6). Tokens are sealed with AES-GCM before they reach this table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tiktok_connections')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('open_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('access_token_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_token_sealed', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One-time OAuth `state` values: stored hashed, bound to the user who asked for the login URL.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('oauth_states_user_idx').on('oauth_states').columns(['user_id', 'provider']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('tiktok_connections').execute();
}
