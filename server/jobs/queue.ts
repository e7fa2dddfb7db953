import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

export type EnqueueOptions = {
  /** Not before this time (scheduled sends, retries after a rate limit). Default: now. */
  runAt?: Date;
  /** While a job with the same name and key is queued or running, enqueue returns that job instead of adding one. */
  singletonKey?: string;
  /** Attempts before the job is marked failed. Default 5. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt (with jitter). Default 10 s. */
  backoffSeconds?: number;
  /**
   * With `singletonKey`: when the job with that key is already running, it runs once more after this run (at
   * `runAt`, or as soon as it ends), because what it works on changed after it started. Several requests during
   * one run still make one more run.
   */
  rerunIfActive?: boolean;
};

export type JobContext<P> = {
  id: string;
  name: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the process shuts down or the lease was lost: save a checkpoint and return. */
  signal: AbortSignal;
};

export type JobHandler<P> = (job: JobContext<P>) => Promise<void>;

/** Thrown (or returned after `signal` aborts) to hand a job back without using up an attempt. */
export class JobPaused extends Error {
  constructor(message = 'paused') {
    super(message);
    this.name = 'JobPaused';
  }
}

type Clock = () => Date;

/** Adds a job. Works with any Db handle (also inside a transaction), so routes need no worker to enqueue. */
export async function enqueueJob(db: Db, now: Clock, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<{ id: string; created: boolean }> {
  const at = now();
  const inserted = await sql<{ id: string }>`
    INSERT INTO jobs (name, payload, run_at, singleton_key, max_attempts, backoff_seconds, created_at, updated_at)
    VALUES (${name}, ${JSON.stringify(payload ?? {})}::jsonb, ${options.runAt ?? at}, ${options.singletonKey ?? null},
            ${options.maxAttempts ?? 5}, ${options.backoffSeconds ?? 10}, ${at}, ${at})
    ON CONFLICT (name, singleton_key) WHERE singleton_key IS NOT NULL AND status IN ('queued', 'active') DO NOTHING
    RETURNING id`.execute(db);
  const row = inserted.rows[0];
  if (row) return { id: row.id, created: true };
  const existing = await db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('name', '=', name)
    .where('singleton_key', '=', options.singletonKey ?? '')
    .where('status', 'in', ['queued', 'active'])
    .executeTakeFirst();
  // The other job finished between the two statements: try once more.
  if (!existing) return enqueueJob(db, now, name, payload, options);
  if (options.rerunIfActive && existing.status === 'active') {
    // Written on the running job (the first request's moment is kept); it goes back to the queue when it ends.
    const marked = await db
      .updateTable('jobs')
      .set({ rerun_at: sql`coalesce(rerun_at, ${options.runAt ?? at})`, updated_at: at })
      .where('id', '=', existing.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    // It ended in between (completed, or queued again for a retry): ask afresh.
    if (Number(marked.numUpdatedRows) === 0) return enqueueJob(db, now, name, payload, options);
  }
  return { id: existing.id, created: false };
}

export type ClaimedJob = { id: string; name: string; payload: unknown; attempts: number; max_attempts: number; backoff_seconds: number };

/** Takes the next due job (or one whose worker stopped renewing its lease) for this worker. */
export async function claimJob(db: Db, now: Clock, names: string[], workerId: string, leaseMs: number): Promise<ClaimedJob | undefined> {
  if (names.length === 0) return undefined;
  const at = now();
  const { rows } = await sql<ClaimedJob>`
    UPDATE jobs SET status = 'active', attempts = attempts + 1, locked_by = ${workerId},
           locked_until = ${new Date(at.getTime() + leaseMs)}, updated_at = ${at}
    WHERE id = (
      SELECT id FROM jobs
      WHERE name = ANY(${names}::text[])
        AND ((status = 'queued' AND run_at <= ${at}) OR (status = 'active' AND locked_until < ${at}))
      ORDER BY run_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, attempts, max_attempts, backoff_seconds`.execute(db);
  return rows[0];
}

/** Renews the lease; false when another worker has taken the job over (this one must stop). */
export async function renewLease(db: Db, now: Clock, id: string, workerId: string, leaseMs: number): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: new Date(at.getTime() + leaseMs), updated_at: at })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type JobOutcome = { kind: 'completed' } | { kind: 'paused' } | { kind: 'failed'; error: string };

/** Records how a run ended. Guarded by `locked_by`, so a worker that lost its lease changes nothing. */
export async function finishJob(db: Db, now: Clock, job: ClaimedJob, workerId: string, outcome: JobOutcome): Promise<void> {
  const at = now();
  const mine = db.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).where('status', '=', 'active');
  const released = { locked_by: null, locked_until: null, updated_at: at };
  // Asked for again while it ran (rerun_at): it goes back to the queue as a fresh run instead of ending, decided
  // in the same statement that ends it, so a request cannot fall between the two. A pause or a retry runs it
  // again anyway, so those only clear the request.
  const endOr = (ended: 'completed' | 'failed') => ({
    status: sql<'completed' | 'failed' | 'queued'>`CASE WHEN rerun_at IS NULL THEN ${ended} ELSE 'queued' END`,
    run_at: sql<Date>`CASE WHEN rerun_at IS NULL THEN run_at ELSE greatest(rerun_at, ${at}) END`,
    attempts: sql<number>`CASE WHEN rerun_at IS NULL THEN attempts ELSE 0 END`,
    completed_at: sql<Date | null>`CASE WHEN rerun_at IS NULL THEN ${at}::timestamptz END`,
    rerun_at: null,
    ...released,
  });
  if (outcome.kind === 'completed') {
    await mine.set(endOr('completed')).execute();
  } else if (outcome.kind === 'paused') {
    await mine.set({ status: 'queued', run_at: at, attempts: sql`greatest(attempts - 1, 0)`, rerun_at: null, ...released }).execute();
  } else if (job.attempts >= job.max_attempts) {
    await mine.set({ ...endOr('failed'), last_error: outcome.error }).execute();
  } else {
    await mine.set({ status: 'queued', run_at: new Date(at.getTime() + retryDelayMs(job)), last_error: outcome.error, rerun_at: null, ...released }).execute();
  }
}

/** Exponential backoff with ±20% jitter, so many failed jobs do not all retry in the same second. */
export function retryDelayMs(job: Pick<ClaimedJob, 'attempts' | 'backoff_seconds'>, random = Math.random): number {
  const base = job.backoff_seconds * 1000 * 2 ** Math.max(0, job.attempts - 1);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Deletes finished jobs older than `keepDays`; the queue table stays small. */
export async function pruneJobs(db: Db, now: Clock, keepDays = 7): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('status', 'in', ['completed', 'cancelled', 'failed'])
    .where('completed_at', '<', new Date(now().getTime() - keepDays * 86_400_000))
    .execute();
}

export const newWorkerId = () => `worker-${process.pid}-${randomUUID().slice(0, 8)}`;

