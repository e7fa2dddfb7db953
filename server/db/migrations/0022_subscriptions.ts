import { sql, type Kysely } from 'kysely';

/** Paid plans and billing (issue 6). Plans themselves are a table in code (server/features/subscriptions/plans.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The billing customer and the card on file: brand and last four only, never the number.
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('payment_method_id', 'text')
    .addColumn('card_name', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX billing_customers_provider_key ON billing_customers (provider, provider_customer_id) WHERE provider_customer_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'created_at']).execute();
  await sql`CREATE UNIQUE INDEX subscriptions_provider_key ON subscriptions (provider, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL`.execute(db);

  // Webhook events already handled: Stripe retries and may deliver twice.
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['billing_events', 'subscriptions', 'billing_customers']) await db.schema.dropTable(table).execute();
}
