import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** Notified with an upload id: "I am waiting for it, let it go" (tus asks the holder to finish early). */
const RELEASE_CHANNEL = 'mise_tus_release';
/** Notified with an upload id when a server lets it go, so waiters elsewhere try again at once. */
const UNLOCKED_CHANNEL = 'mise_tus_unlocked';
/** The first key of the two-key advisory locks: keeps tus uploads apart from the app's other advisory locks. */
const LOCK_CLASS = `hashtext('mise:tus-upload')`;
/** Between tries when no notification came (one was lost, or the holder's server stopped without a word). */
const RETRY_MS = 250;

type Held = { requestRelease: RequestRelease; pending: boolean; session: number };

/**
 * A tus Locker whose locks live in PostgreSQL, so that the PATCH requests of one upload can land on any server: each
 * lock is a session-level advisory lock (`pg_try_advisory_lock`) held by this process's own connection, which
 * PostgreSQL releases by itself if the process or its connection dies. A waiter asks the holder to finish early
 * (tus's `requestRelease`, through NOTIFY, whichever server holds it), then tries again when told the lock is free,
 * or every RETRY_MS; it gives up after `acquireLockTimeout` with tus's ERR_LOCK_TIMEOUT, as tus's memory locker does
 * (media.tus.ts answers it with 423).
 *
 * Advisory locks are re-entrant within a session, so the locks this process holds are also kept in a map: two requests
 * for one upload on the same server take turns exactly as they do across servers.
 */
export class PostgresLocker implements Locker {
  readonly held = new Map<string, Held>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  /** Counts connections: a lock taken on a connection that has since died is not unlocked on the next one. */
  private session = 0;
  private readonly waiters = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly options: { connectionString: string; acquireLockTimeout?: number; onError?: (error: Error) => void },
  ) {}

  newLock(id: string): Lock {
    return new PostgresLock(id, this, this.options.acquireLockTimeout ?? 30_000);
  }

  /** The connection every lock of this process is taken on; opened on first use, again after it is lost. */
  async connection(): Promise<pg.Client> {
    if (this.closed) throw new Error('The upload locker is closed');
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'mise tus locks' });
      const lost = (error?: Error) => {
        if (this.client !== client) return;
        this.client = undefined;
        if (error) this.options.onError?.(error);
        // PostgreSQL let go of every lock this connection held: their requests must stop writing.
        for (const held of this.held.values()) if (held.session === this.session && !held.pending) void held.requestRelease();
        this.wakeAll();
      };
      client.on('error', (error) => lost(error));
      client.on('end', () => lost());
      client.on('notification', (message) => {
        if (message.channel === RELEASE_CHANNEL && message.payload) {
          const held = this.held.get(message.payload);
          if (held && !held.pending) void held.requestRelease();
        } else if (message.channel === UNLOCKED_CHANNEL) this.wakeAll();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
        await client.query(`LISTEN ${UNLOCKED_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.session += 1;
      this.client = client;
      return client;
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Resolves at the next unlock (here or on another server), at the latest after RETRY_MS. */
  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, RETRY_MS);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  wakeAll() {
    for (const wake of [...this.waiters]) wake();
  }

  reportError(error: unknown) {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  currentSession() {
    return this.session;
  }

  /** Ends the connection: PostgreSQL releases whatever it still held. */
  async close() {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
    this.wakeAll();
  }
}

class PostgresLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
    private readonly timeout: number,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const gaveUp = new AbortController();
    const stop = () => gaveUp.abort();
    const timer = setTimeout(stop, this.timeout);
    stopSignal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        if (gaveUp.signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
        const local = locker.held.get(id);
        if (local) {
          // Held by another request on this server: ask it to finish, as tus's memory locker does.
          if (!local.pending) await local.requestRelease();
        } else {
          // Claimed in the map before the first await, so that no other request here asks PostgreSQL at the same time.
          const mine: Held = { requestRelease, pending: true, session: 0 };
          locker.held.set(id, mine);
          let acquired = false;
          try {
            const client = await locker.connection();
            mine.session = locker.currentSession();
            const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_CLASS}, hashtext($1)) AS locked`, [id]);
            acquired = rows[0]?.locked === true;
            if (!acquired) await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
          } finally {
            if (acquired) mine.pending = false;
            else locker.held.delete(id);
          }
          if (acquired) {
            if (!gaveUp.signal.aborted) return;
            // Gave up while the answer was on its way: let it go again.
            await this.unlock();
            throw ERRORS.ERR_LOCK_TIMEOUT;
          }
        }
        await locker.wait(gaveUp.signal);
      }
    } finally {
      clearTimeout(timer);
      stopSignal.removeEventListener('abort', stop);
    }
  }

  async unlock(): Promise<void> {
    const { locker, id } = this;
    const held = locker.held.get(id);
    if (!held || held.pending) throw new Error('Releasing an unlocked lock!');
    locker.held.delete(id);
    try {
      // A lock taken on a connection that has since been lost went with it.
      if (held.session === locker.currentSession()) {
        const client = await locker.connection();
        await client.query(`SELECT pg_advisory_unlock(${LOCK_CLASS}, hashtext($1))`, [id]);
        await client.query('SELECT pg_notify($1, $2)', [UNLOCKED_CHANNEL, id]);
      }
    } catch (error) {
      // The connection broke: PostgreSQL let the lock go with it, and the upload's bytes are already stored.
      locker.reportError(error);
    } finally {
      locker.wakeAll();
    }
  }
}
