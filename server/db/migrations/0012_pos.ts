import { sql, type Kysely } from 'kysely';

/** Point-of-sale connections (one per owner and provider) and the OAuth states that start them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pos_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('access_token_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_token_sealed', 'text')
    .addColumn('access_expires_at', 'timestamptz')
    .addColumn('refresh_expires_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('importing'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('import_state', 'jsonb')
    .addColumn('orders_synced_until', 'timestamptz')
    .addColumn('last_import_started_at', 'timestamptz')
    .addColumn('last_import_finished_at', 'timestamptz')
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pos_connections_user_provider_key', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('pos_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('pos_oauth_states_user_idx').on('pos_oauth_states').columns(['user_id', 'provider']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pos_oauth_states').execute();
  await db.schema.dropTable('pos_connections').execute();
}
