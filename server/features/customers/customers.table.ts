import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: node-postgres and PGlite may return it as a string or a number; read it with a cast in SQL. */
type BigIntCents = ColumnType<string | number, number | bigint | string | undefined, number | bigint | string>;

export type CustomerSource = 'manual' | 'csv' | 'square' | 'clover' | 'demo';
export type PosProvider = 'square' | 'clover';

type CustomersTable = {
  id: Generated<string>;
  user_id: string;
  given_name: string | null;
  family_name: string | null;
  /** trimmed, lower-cased; null when none */
  email: string | null;
  /** E.164; null when none */
  phone: string | null;
  birthday_month: number | null;
  birthday_day: number | null;
  /** null when unknown (Square sends 0000-MM-DD) */
  birthday_year: number | null;
  source: CustomerSource;
  pos_provider: PosProvider | null;
  pos_customer_id: string | null;
  customer_since: Timestamp;
  email_consent: Generated<boolean>;
  email_consent_at: NullableTimestamp;
  email_consent_source: string | null;
  email_consent_withdrawn_at: NullableTimestamp;
  sms_consent: Generated<boolean>;
  sms_consent_at: NullableTimestamp;
  sms_consent_source: string | null;
  sms_consent_withdrawn_at: NullableTimestamp;
  total_spent_cents: BigIntCents;
  visit_count: Generated<number>;
  first_visit_at: NullableTimestamp;
  last_visit_at: NullableTimestamp;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
};

type OrdersTable = {
  id: Generated<string>;
  user_id: string;
  customer_id: string | null;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  total_cents: number;
  source: CustomerSource;
  pos_provider: PosProvider | null;
  pos_order_id: string | null;
  location_id: string | null;
  created_at: Timestamp;
};

/** The customers tables (migration 0010). */
export type CustomersTables = {
  customers: CustomersTable;
  orders: OrdersTable;
};

export type Customer = Selectable<CustomersTable>;
