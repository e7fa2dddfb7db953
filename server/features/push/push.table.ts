import type { ColumnType, Generated } from 'kysely';

/** Migration 0170: one Web Push subscription per device, removed with the session that made it. */
type PushSubscriptionsTable = {
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

/** Migration 0220: the one reminder a scheduled send got, and its single-use cancel token (by nonce). */
type SendRemindersTable = {
  send_id: string;
  user_id: string;
  scheduled_at: ColumnType<Date, Date | string, Date | string>;
  token_id: string;
  token_expires_at: ColumnType<Date, Date | string, Date | string>;
  token_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reminded_at: ColumnType<Date, Date | string | undefined, never>;
};

export type PushTables = { push_subscriptions: PushSubscriptionsTable; send_reminders: SendRemindersTable };
