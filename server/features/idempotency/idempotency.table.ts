import type { ColumnType } from 'kysely';

/** Migration 0030: one row per (user, Idempotency-Key), kept 30 days. */
type IdempotencyKeysTable = {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  locked_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Date | null;
};

export type IdempotencyTables = {
  idempotency_keys: IdempotencyKeysTable;
};
