import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

import type { BillingProviderKind, SubscriptionStatus } from '../../providers/billing/billing.ts';

type BillingCustomersTable = {
  user_id: string;
  provider: BillingProviderKind;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  card_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type SubscriptionsTable = {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  provider: BillingProviderKind;
  provider_subscription_id: string | null;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  cancel_at_period_end: Generated<boolean>;
  canceled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type BillingEventsTable = {
  id: string;
  type: string;
  received_at: Timestamp;
};

/** The billing tables (migration 0022). */
export type SubscriptionsTables = {
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
};

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type BillingCustomerRow = Selectable<BillingCustomersTable>;
