import { sql, type Kysely } from 'kysely';

/** Customers and their orders (issue 5). Segment queries filter on the per-customer figures, hence the indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('birthday_month', 'smallint')
    .addColumn('birthday_day', 'smallint')
    .addColumn('birthday_year', 'smallint')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('pos_provider', 'text')
    .addColumn('pos_customer_id', 'text')
    .addColumn('customer_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('email_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_consent_at', 'timestamptz')
    .addColumn('email_consent_source', 'text')
    .addColumn('email_consent_withdrawn_at', 'timestamptz')
    .addColumn('sms_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sms_consent_at', 'timestamptz')
    .addColumn('sms_consent_source', 'text')
    .addColumn('sms_consent_withdrawn_at', 'timestamptz')
    .addColumn('total_spent_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_visit_at', 'timestamptz')
    .addColumn('last_visit_at', 'timestamptz')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await sql`CREATE UNIQUE INDEX customers_pos_key ON customers (user_id, pos_provider, pos_customer_id) WHERE pos_customer_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX customers_email_key ON customers (user_id, email) WHERE email IS NOT NULL AND deleted_at IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX customers_phone_key ON customers (user_id, phone) WHERE phone IS NOT NULL AND deleted_at IS NULL`.execute(db);
  const indexes: Array<[string, string[]]> = [
    ['customers_last_visit_idx', ['user_id', 'last_visit_at']],
    ['customers_total_spent_idx', ['user_id', 'total_spent_cents']],
    ['customers_visit_count_idx', ['user_id', 'visit_count']],
    ['customers_birthday_idx', ['user_id', 'birthday_month', 'birthday_day']],
    ['customers_since_idx', ['user_id', 'customer_since']],
    ['customers_first_visit_idx', ['user_id', 'first_visit_at']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('customers').columns(columns).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('pos_provider', 'text')
    .addColumn('pos_order_id', 'text')
    .addColumn('location_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX orders_pos_key ON orders (user_id, pos_provider, pos_order_id) WHERE pos_order_id IS NOT NULL`.execute(db);
  await db.schema.createIndex('orders_customer_idx').on('orders').columns(['customer_id', 'occurred_at']).execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'occurred_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('customers').execute();
}
