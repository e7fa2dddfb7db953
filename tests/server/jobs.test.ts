import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobs } from '../../server/jobs/jobs.ts';
import { claimJob, JobPaused, retryDelayMs } from '../../server/jobs/queue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.deleteFrom('jobs').execute();
  });

  const jobsFor = () => createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, pollMs: 20, leaseMs: 1000 });
  const statusOf = (id: string) => t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a job once with its payload and marks it completed', async () => {
    const jobs = jobsFor();
    const seen: unknown[] = [];
    jobs.work<{ n: number }>('test.echo', async (job) => {
      seen.push(job.payload.n);
    });
    const { id } = await jobs.enqueue('test.echo', { n: 7 });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([7]);
    expect((await statusOf(id)).status).toBe('completed');
  });

  it('waits for runAt, using the injected clock', async () => {
    const jobs = jobsFor();
    let ran = 0;
    jobs.work('test.later', async () => {
      ran += 1;
    });
    await jobs.enqueue('test.later', {}, { runAt: new Date(t.deps.now().getTime() + 60_000) });
    expect(await jobs.runDue()).toBe(0);
    t.advance(61_000);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('keeps one queued job per singleton key, and allows a new one once it finished', async () => {
    const jobs = jobsFor();
    jobs.work('test.single', async () => {});
    const first = await jobs.enqueue('test.single', { a: 1 }, { singletonKey: 'user-1' });
    const second = await jobs.enqueue('test.single', { a: 2 }, { singletonKey: 'user-1' });
    const other = await jobs.enqueue('test.single', { a: 3 }, { singletonKey: 'user-2' });
    expect(second).toEqual({ id: first.id, created: false });
    expect(other.created).toBe(true);
    await jobs.runDue();
    const again = await jobs.enqueue('test.single', { a: 4 }, { singletonKey: 'user-1' });
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
  });

  it('a singleton asked for again while it runs runs once more after, not beside it; without the option it does not', async () => {
    const jobs = jobsFor();
    const runs: number[] = [];
    const asks: Array<{ id: string; created: boolean }> = [];
    let askedFor = 0;
    jobs.work<{ rerun: boolean }>('test.refill', async (job) => {
      runs.push(runs.length + 1);
      if (runs.length === 1) {
        // Two requests while the first run is going (the first for 5 s later).
        askedFor = t.deps.now().getTime() + 5_000;
        asks.push(await jobs.enqueue('test.refill', { rerun: true }, { singletonKey: 'k', rerunIfActive: job.payload.rerun, runAt: new Date(askedFor) }));
        asks.push(await jobs.enqueue('test.refill', { rerun: true }, { singletonKey: 'k', rerunIfActive: job.payload.rerun }));
      }
    });
    const { id } = await jobs.enqueue('test.refill', { rerun: true }, { singletonKey: 'k', rerunIfActive: true });
    expect(await jobs.runDue()).toBe(1);
    expect(asks).toEqual([{ id, created: false }, { id, created: false }]);
    // Back in the queue for the first request's moment, as a fresh run.
    const waiting = await statusOf(id);
    expect({ status: waiting.status, attempts: waiting.attempts, runAt: waiting.run_at.getTime() }).toEqual({ status: 'queued', attempts: 0, runAt: askedFor });
    expect(await jobs.runDue()).toBe(0);
    t.advance(5_000);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toEqual([1, 2]);
    expect((await statusOf(id)).status).toBe('completed');

    // The same requests without the option join the running job and nothing follows it.
    runs.length = 0;
    asks.length = 0;
    const plain = await jobs.enqueue('test.refill', { rerun: false }, { singletonKey: 'k' });
    expect(await jobs.runDue()).toBe(1);
    expect(asks.map((a) => a.id)).toEqual([plain.id, plain.id]);
    t.advance(10_000);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toEqual([1]);
    expect((await statusOf(plain.id)).status).toBe('completed');
  });

  it('retries a failing job with growing delays, then marks it failed with the last error', async () => {
    const jobs = jobsFor();
    let calls = 0;
    jobs.work('test.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const { id } = await jobs.enqueue('test.flaky', {}, { maxAttempts: 3, backoffSeconds: 10 });
    await jobs.runDue();
    let row = await statusOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    const firstDelay = row.run_at.getTime() - t.deps.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(7_000);
    expect(firstDelay).toBeLessThanOrEqual(12_500);
    expect(await jobs.runDue()).toBe(0); // not due yet
    t.advance(13_000);
    await jobs.runDue();
    row = await statusOf(id);
    const secondDelay = row.run_at.getTime() - t.deps.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(15_000);
    t.advance(30_000);
    await jobs.runDue();
    row = await statusOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(calls).toBe(3);
  });

  it('doubles the backoff each attempt', () => {
    const half = () => 0.5;
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs({ attempts, backoff_seconds: 5 }, half))).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it('hands a paused job back without using up an attempt', async () => {
    const jobs = jobsFor();
    let runs = 0;
    jobs.work('test.pause', async () => {
      runs += 1;
      if (runs === 1) throw new JobPaused();
    });
    const { id } = await jobs.enqueue('test.pause', {}, { maxAttempts: 1 });
    expect(await jobs.runDue()).toBe(2);
    expect(await statusOf(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('lets another worker take over a job whose worker stopped renewing its lease (a crash)', async () => {
    const { id } = await jobsFor().enqueue('test.crash', { step: 1 });
    // A worker claims it and then "dies": it never renews or finishes.
    const claimed = await claimJob(t.deps.db, t.deps.now, ['test.crash'], 'dead-worker', 1000);
    expect(claimed?.id).toBe(id);
    const survivor = jobsFor();
    let ran = 0;
    survivor.work('test.crash', async () => {
      ran += 1;
    });
    expect(await survivor.runDue()).toBe(0); // lease still valid
    t.advance(1500);
    expect(await survivor.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('pauses a running job on stop() so the next start resumes it', async () => {
    const jobs = jobsFor();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    jobs.work('test.long', async (job) => {
      started();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
    });
    const { id } = await jobs.enqueue('test.long', {});
    jobs.start();
    await running;
    await jobs.stop();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('runs each job once when several workers poll the same queue', async () => {
    const workers = [jobsFor(), jobsFor(), jobsFor()];
    const runsById = new Map<string, number>();
    for (const worker of workers) {
      worker.work<{ i: number }>('test.many', async (job) => {
        runsById.set(job.id, (runsById.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    }
    for (let i = 0; i < 30; i += 1) await workers[0]!.enqueue('test.many', { i });
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(runsById.size).toBe(30);
    expect([...runsById.values()].every((n) => n === 1)).toBe(true);
    const left = await t.deps.db.selectFrom('jobs').select('id').where('status', '!=', 'completed').execute();
    expect(left).toEqual([]);
  });

  it('a started worker picks up a job enqueued while it polls', async () => {
    const jobs = jobsFor();
    let resolveRan!: (value: string) => void;
    const ran = new Promise<string>((resolve) => (resolveRan = resolve));
    jobs.work<{ word: string }>('test.poll', async (job) => resolveRan(job.payload.word));
    jobs.start();
    await jobs.enqueue('test.poll', { word: 'hello' });
    expect(await ran).toBe('hello');
    await jobs.stop();
  });
});
