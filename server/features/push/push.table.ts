import type { ColumnType, Generated } from 'kysely';

/** Migration 0170: one Web Push subscription per device, removed with the session that made it. */
export type PushSubscriptionsTable = {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_sent_at: Date | null;
};

export type PushTables = { push_subscriptions: PushSubscriptionsTable };
