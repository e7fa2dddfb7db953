import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CampaignType, SequenceStatus } from '../../../src/contract/sequences.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type SequencesTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  description: string;
  segment_id: string | null;
  status: ColumnType<SequenceStatus, SequenceStatus | undefined, SequenceStatus>;
  holdout_percent: Generated<number>;
  version: Generated<number>;
  base_url: string;
  launched_at: Nullable;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type SequenceItemsTable = {
  id: Generated<string>;
  sequence_id: string;
  user_id: string;
  campaign_type: CampaignType;
  campaign_id: string;
  cron_schedule: string;
  wait_days: Generated<number>;
  position: number;
  is_active: Generated<boolean>;
  next_tick_at: Nullable;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type SequenceTicksTable = {
  item_id: string;
  tick_at: Timestamp;
  sequence_id: string;
  send_id: string | null;
  due: number;
  created_at: Timestamp;
};

/** Migration 0130. */
export type SequencesTables = { sequences: SequencesTable; sequence_items: SequenceItemsTable; sequence_ticks: SequenceTicksTable };

export type SequenceRow = Selectable<SequencesTable>;
export type SequenceItemRow = Selectable<SequenceItemsTable>;
