import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TrendingSound } from '../../../src/contract/audio.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

type AudiosTable = {
  id: Generated<string>;
  user_id: string;
  text: string;
  voice: string;
  engine: string;
  file_key: string;
  mime_type: string;
  size: number;
  duration: number | null;
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  deleted_at: Date | null;
};

type TrendingAudiosTable = {
  source: string;
  region: string;
  fetched_at: Timestamp;
  items: Json<TrendingSound[]>;
};

type CreatorsTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  handle: string;
  platform: string;
  rate: ColumnType<string, string | undefined, string>;
  email: string;
  created_at: Timestamp;
  deleted_at: Date | null;
};

type CreatorBookingsTable = {
  id: Generated<string>;
  user_id: string;
  creator_id: string;
  message: string;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: Timestamp;
};

/** Migration 0190. */
export type AudioTables = { audios: AudiosTable; trending_audios: TrendingAudiosTable; creators: CreatorsTable; creator_bookings: CreatorBookingsTable };
export type AudioRow = Selectable<AudiosTable>;
