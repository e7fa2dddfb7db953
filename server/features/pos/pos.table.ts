import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PosProvider } from '../customers/customers.table.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** importing: the import job has work left (progress < 100); connected: done; error: the last run failed for good. */
type PosConnectionStatus = 'importing' | 'connected' | 'error';

type PosConnectionsTable = {
  /** The "POS account id" of spec §3, used for progress lookups. */
  id: Generated<string>;
  user_id: string;
  provider: PosProvider;
  merchant_id: string;
  /** sealed in the secret box (DATA_ENCRYPTION_KEY); never sent to the client */
  access_token_sealed: string;
  refresh_token_sealed: string | null;
  access_expires_at: NullableTimestamp;
  refresh_expires_at: NullableTimestamp;
  status: ColumnType<PosConnectionStatus, PosConnectionStatus | undefined, PosConnectionStatus>;
  progress: Generated<number>;
  message: string | null;
  /** The import job's checkpoint (cursors, window, counts), so a restart resumes where it stopped. */
  import_state: ColumnType<unknown, string | null | undefined, string | null>;
  orders_synced_until: NullableTimestamp;
  last_import_started_at: NullableTimestamp;
  last_import_finished_at: NullableTimestamp;
  connected_at: Timestamp;
  updated_at: Timestamp;
};

type PosOauthStatesTable = {
  state_hash: string;
  user_id: string;
  provider: PosProvider;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
};

/** The point-of-sale tables (migration 0012). */
export type PosTables = {
  pos_connections: PosConnectionsTable;
  pos_oauth_states: PosOauthStatesTable;
};

export type PosConnection = Selectable<PosConnectionsTable>;
