import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type SendChannel = 'email' | 'sms';
export type SendSourceKind = 'email_draft' | 'sms_campaign' | 'sequence_item';
export type SendStatus = 'scheduled' | 'pending' | 'sending' | 'paused' | 'sent' | 'canceled' | 'failed';
export type RecipientStatus =
  | 'queued'
  | 'held'
  | 'claimed'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'bounced'
  | 'failed'
  | 'suppressed'
  | 'skipped'
  | 'uncertain'
  | 'canceled'
  | 'holdout';

type SendsTable = {
  id: Generated<string>;
  user_id: string;
  channel: SendChannel;
  source_kind: SendSourceKind;
  source_id: string;
  segment_id: string | null;
  title: string;
  status: SendStatus;
  scheduled_at: Timestamp;
  started_at: Nullable;
  completed_at: Nullable;
  canceled_at: Nullable;
  content: Json<unknown | null>;
  base_url: string;
  audience_count: number | null;
  holdout_percent: Generated<number>;
  /** The campaign (migration 0200): `sms:<id>`, `sequence:<id>`; null: the send is its own campaign (`send:<id>`). */
  campaign_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A sequence step (migration 0130): each customer gets a step at most once over all of its sends. */
  step_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Only customers who received this step, at least `after_wait_days` days ago. */
  after_step_key: ColumnType<string | null, string | null | undefined, string | null>;
  after_wait_days: Generated<number>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type SendRecipientsTable = {
  send_id: string;
  customer_id: string;
  to_address: string;
  first_name: string | null;
  status: RecipientStatus;
  not_before: Nullable;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: Nullable;
  sent_at: Nullable;
  delivered_at: Nullable;
  provider_id: string | null;
  error_code: string | null;
  error: string | null;
  bounce_type: 'hard' | 'soft' | null;
  first_opened_at: Nullable;
  opens: Generated<number>;
  proxy_opens: Generated<number>;
  first_clicked_at: Nullable;
  clicks: Generated<number>;
  unsubscribed_at: Nullable;
  complained_at: Nullable;
};

type SendEventsTable = {
  id: Generated<string>;
  send_id: string;
  customer_id: string;
  kind: 'open' | 'click' | 'unsubscribe' | 'bounce' | 'complaint' | 'status';
  at: Timestamp;
  detail: string | null;
  proxy: Generated<boolean>;
};

type SuppressionsTable = {
  user_id: string;
  channel: SendChannel;
  address: string;
  reason: 'unsubscribed' | 'hard_bounce' | 'complaint' | 'opted_out' | 'invalid';
  detail: string | null;
  created_at: Timestamp;
};

type ConsentEventsTable = {
  id: Generated<string>;
  user_id: string;
  customer_id: string;
  channel: SendChannel;
  granted: boolean;
  source: string;
  proof: string | null;
  at: Timestamp;
};

/** Migration 0290: what each campaign brought back over its whole life, kept once computed (analytics/campaign-results.ts). */
type CampaignCameBackTable = {
  user_id: string;
  campaign_key: string;
  sends: number;
  first_started_at: Timestamp;
  last_started_at: Timestamp;
  window_from: Timestamp;
  window_to: Timestamp;
  reached: number;
  reached_guests: number;
  reached_cents: ColumnType<string, string | number, string | number>;
  held: number;
  held_guests: number;
  held_cents: ColumnType<string, string | number, string | number>;
  computed_at: ColumnType<Date, Date | undefined, Date>;
  /** Migration 0314: when a change first made the figures out of date (null: exact). */
  stale_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** Migration 0070 (and 0290's kept campaign figures). */
export type SendingTables = {
  campaign_came_back: CampaignCameBackTable;
  sends: SendsTable;
  send_recipients: SendRecipientsTable;
  send_events: SendEventsTable;
  suppressions: SuppressionsTable;
  consent_events: ConsentEventsTable;
};

export type SendRow = Selectable<SendsTable>;
export type RecipientRow = Selectable<SendRecipientsTable>;
