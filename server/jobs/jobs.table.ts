import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type JobStatus = 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';

type JobsTable = {
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  backoff_seconds: Generated<number>;
  singleton_key: string | null;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  /** Asked for again while it ran: when to run once more (migration 0310). */
  rerun_at: NullableTimestamp;
};

/** The job queue table (migration 0011). */
export type JobsTables = { jobs: JobsTable };
