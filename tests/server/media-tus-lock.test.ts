import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PostgresLocker } from '../../server/features/media/media.tus-lock.ts';

/**
 * The tus upload locks that live in PostgreSQL (issue 17, two servers): each PostgresLocker stands for one server
 * process (its own connection). PostgreSQL only: on PGlite there is one process, and tus's memory locker serves.
 */
const onPostgres = process.env.MISE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const url = process.env.TEST_DATABASE_URL ?? '';

/** A promise and the callback that settles it: tus's `requestRelease`, seen from the test. */
function signalled() {
  let calls = 0;
  let fire!: () => void;
  const called = new Promise<void>((resolve) => (fire = resolve));
  return {
    called,
    get calls() {
      return calls;
    },
    requestRelease: () => {
      calls += 1;
      fire();
    },
  };
}

/** Settles to its outcome without throwing, so a test can look at a lock attempt while it is still waiting. */
function watch(promise: Promise<void>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  const done = promise.then(
    () => void (state.settled = true),
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return { state, done };
}

describe.skipIf(!onPostgres)('PostgresLocker (tus upload locks shared by several servers)', () => {
  const lockers: PostgresLocker[] = [];
  const newLocker = (acquireLockTimeout?: number) => {
    const locker = new PostgresLocker({ connectionString: url, acquireLockTimeout });
    lockers.push(locker);
    return locker;
  };
  const uploadId = () => `tus-${randomBytes(16).toString('hex')}`;
  const never = new AbortController().signal;
  let probe: pg.Client | undefined;

  /** Whether a third session could take the lock right now (and gives it back at once). */
  const freeInPostgres = async (id: string) => {
    if (!probe) {
      probe = new pg.Client({ connectionString: url });
      await probe.connect();
    }
    const { rows } = await probe.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtext('mise:tus-upload'), hashtext($1)) AS locked`, [id]);
    if (rows[0]!.locked) await probe.query(`SELECT pg_advisory_unlock(hashtext('mise:tus-upload'), hashtext($1))`, [id]);
    return rows[0]!.locked;
  };

  afterEach(async () => {
    await Promise.all(lockers.splice(0).map((locker) => locker.close()));
  });
  afterAll(async () => {
    await probe?.end();
  });

  it('makes a second server wait, asks the holder to let go, and hands the lock over at unlock', async () => {
    const serverA = newLocker();
    const serverB = newLocker();
    const id = uploadId();
    const first = serverA.newLock(id);
    const holder = signalled();
    await first.lock(never, holder.requestRelease);
    expect(await freeInPostgres(id)).toBe(false);

    const second = serverB.newLock(id);
    const waiter = signalled();
    const attempt = watch(second.lock(never, waiter.requestRelease));
    // B found the lock taken and asked A, through PostgreSQL, to finish early.
    await holder.called;
    expect(attempt.state.settled).toBe(false);

    await first.unlock();
    await attempt.done;
    expect(attempt.state.error).toBeUndefined();
    expect(waiter.calls).toBe(0);
    expect(await freeInPostgres(id)).toBe(false);
    await second.unlock();
    expect(await freeInPostgres(id)).toBe(true);
  });

  it('makes two requests on one server take turns too (advisory locks alone are re-entrant in a session)', async () => {
    const server = newLocker();
    const id = uploadId();
    const first = server.newLock(id);
    const holder = signalled();
    await first.lock(never, holder.requestRelease);
    const attempt = watch(server.newLock(id).lock(never, () => undefined));
    await holder.called;
    expect(attempt.state.settled).toBe(false);
    await first.unlock();
    await attempt.done;
    expect(attempt.state.error).toBeUndefined();
  });

  it('keeps different uploads apart', async () => {
    const serverA = newLocker();
    const serverB = newLocker();
    const holder = signalled();
    await serverA.newLock(uploadId()).lock(never, holder.requestRelease);
    await serverB.newLock(uploadId()).lock(never, () => undefined);
    expect(holder.calls).toBe(0);
  });

  it('gives up when the request stops or the wait runs out, and a dead server’s locks are freed by PostgreSQL', async () => {
    const serverA = newLocker();
    const id = uploadId();
    // The waiter's request goes away (its client hung up) once it has asked the holder to let go.
    const stop = new AbortController();
    await serverA.newLock(id).lock(never, () => stop.abort());

    const stopped = watch(newLocker().newLock(id).lock(stop.signal, () => undefined));
    await stopped.done;
    expect(stopped.state.error).toBe(ERRORS.ERR_LOCK_TIMEOUT);

    const timedOut = watch(newLocker(200).newLock(id).lock(never, () => undefined));
    await timedOut.done;
    expect(timedOut.state.error).toBe(ERRORS.ERR_LOCK_TIMEOUT);

    // Server A goes away without unlocking: its connection ends, and the lock with it.
    await serverA.close();
    const next = newLocker().newLock(id);
    await next.lock(never, () => undefined);
    await next.unlock();
  });
});
