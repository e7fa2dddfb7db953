import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import {
  claimJob,
  enqueueJob,
  finishJob,
  JobPaused,
  newWorkerId,
  pruneJobs,
  renewLease,
  type ClaimedJob,
  type EnqueueOptions,
  type JobHandler,
  type JobOutcome,
} from './queue.ts';

export type JobsOptions = {
  db: Db;
  logger: Logger;
  now: () => Date;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** A job whose worker has not renewed for this long is taken over by another worker. */
  leaseMs?: number;
  /** Jobs run at the same time in this process. */
  concurrency?: number;
};

export type Jobs = {
  enqueue: (name: string, payload: unknown, options?: EnqueueOptions) => Promise<{ id: string; created: boolean }>;
  work: <P>(name: string, handler: JobHandler<P>) => void;
  /** Starts polling. */
  start: () => void;
  /** Stops polling, asks running jobs to pause (checkpoint) and waits for them. */
  stop: () => Promise<void>;
  /** Runs due jobs one after another until none is due (tests and scripts); returns how many ran. */
  runDue: () => Promise<number>;
  readonly workerId: string;
};

/**
 * A Postgres job queue that runs on PGlite and PostgreSQL alike (see queue.ts for the SQL).
 * Why not pg-boss: it installs its schema with multi-statement SQL, which only PGlite's raw `exec` accepts, so it
 * would have to bypass the one-connection pool that keeps Kysely transactions whole; and it reads time from the
 * database only, where our tests move an injected clock.
 */
export function createJobs(options: JobsOptions): Jobs {
  const { db, logger, now } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 2;
  const workerId = newWorkerId();
  const handlers = new Map<string, JobHandler<unknown>>();
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let ticks = 0;

  async function execute(job: ClaimedJob, controller = new AbortController()): Promise<void> {
    const handler = handlers.get(job.name);
    const heartbeat = setInterval(() => {
      renewLease(db, now, job.id, workerId, leaseMs)
        .then((kept) => {
          if (!kept) controller.abort(new Error('lease lost'));
        })
        .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job lease renewal failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler({ id: job.id, name: job.name, payload: job.payload, attempt: job.attempts, signal: controller.signal });
      outcome = controller.signal.aborted ? { kind: 'paused' } : { kind: 'completed' };
    } catch (error) {
      if (error instanceof JobPaused || controller.signal.aborted) outcome = { kind: 'paused' };
      else {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ jobId: job.id, job: job.name, attempt: job.attempts, err: error }, 'job failed');
        outcome = { kind: 'failed', error: message };
      }
    } finally {
      clearInterval(heartbeat);
    }
    await finishJob(db, now, job, workerId, outcome);
  }

  function launch(job: ClaimedJob) {
    const controller = new AbortController();
    const done = execute(job, controller)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => running.delete(job.id));
    running.set(job.id, { controller, done });
  }

  async function tick() {
    timer = undefined;
    try {
      while (started && running.size < concurrency) {
        const job = await claimJob(db, now, [...handlers.keys()], workerId, leaseMs);
        if (!job) break;
        launch(job);
      }
      if (++ticks % 600 === 0) await pruneJobs(db, now);
    } catch (error) {
      logger.warn({ err: error }, 'job poll failed');
    }
    if (started) timer = setTimeout(() => void tick(), pollMs);
  }

  return {
    workerId,
    enqueue: async (name, payload, enqueueOptions) => {
      const result = await enqueueJob(db, now, name, payload, enqueueOptions);
      // A job for this process: look now rather than at the next poll.
      if (started && handlers.has(name) && timer && running.size < concurrency) {
        clearTimeout(timer);
        timer = setTimeout(() => void tick(), 0);
      }
      return result;
    },
    work: (name, handler) => {
      handlers.set(name, handler as JobHandler<unknown>);
    },
    start: () => {
      if (started) return;
      started = true;
      timer = setTimeout(() => void tick(), 0);
    },
    stop: async () => {
      started = false;
      if (timer) clearTimeout(timer);
      for (const job of running.values()) job.controller.abort(new Error('shutting down'));
      await Promise.all([...running.values()].map((job) => job.done));
    },
    runDue: async () => {
      let count = 0;
      for (;;) {
        const job = await claimJob(db, now, [...handlers.keys()], workerId, leaseMs);
        if (!job) return count;
        await execute(job);
        count += 1;
      }
    },
  };
}
