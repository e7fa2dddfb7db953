import { Worker } from 'node:worker_threads';

/** What the pool needs of a PGlite database, whether it runs on this thread or in a worker. */
export type PgliteLike = {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  /** A hot statement as a named prepared statement with a generic plan (the worker's `runPrepared`); absent on this thread. */
  prepared?<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string; name?: string; stack?: string } };

/** An error from the worker, rebuilt with the same fields (`code`, `constraint`, `detail`, …) the code checks. */
function rebuildError(plain: NonNullable<Answer['error']>): Error {
  const { message, name, stack, ...fields } = plain;
  const error = new Error(message);
  if (name && name !== 'Error') Object.defineProperty(error, 'name', { value: name, configurable: true, writable: true });
  if (stack) error.stack = stack;
  Object.assign(error, fields);
  return error;
}

/**
 * PGlite in a worker thread (server/db/pglite-worker.mjs): the database's WebAssembly runs on the second core while
 * this thread serves HTTP, renders and sends messages, and a slow query no longer holds up every request's own work.
 * Statements go over the worker's port and come back in order; the pool (pglite-pool.ts) still hands the one
 * connection to one holder at a time, so a transaction's statements stay together. Rows and parameters cross by
 * structured clone: Date, bigint, JSON values and Uint8Array survive as they are (a Buffer arrives as a Uint8Array).
 */
export async function startPgliteThread(dataPath: string | undefined, options: { prepareAll?: boolean } = {}): Promise<PgliteLike> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataPath, prepareAll: options.prepareAll !== false },
    // The worker is plain JavaScript: no TypeScript loader (tsx) needed in it.
    execArgv: process.execArgv.filter((arg, i, all) => arg !== '--import' && all[i - 1] !== '--import' && !arg.startsWith('--import=')),
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let gone: Error | undefined;

  const failAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(gone);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.error) waiting.reject(rebuildError(answer.error));
    else waiting.resolve(answer.result);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the database thread ended (exit code ${code})`)));
  await ready;

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Like PGlite on this thread, an idle database does not keep the process alive; a statement in flight does.
      if (pending.size === 1) worker.ref();
      try {
        worker.postMessage({ id, ...message });
      } catch (error) {
        pending.delete(id);
        reject(error as Error);
      }
    });
  };

  let closing: Promise<void> | undefined;
  return {
    query: <R>(sql: string, params?: unknown[]) => send<{ rows: R[]; affectedRows?: number }>({ op: 'query', sql, params: params ?? [] }),
    prepared: <R>(sql: string, params: unknown[]) => send<{ rows: R[]; affectedRows?: number }>({ op: 'prepared', sql, params }),
    close: () =>
      (closing ??= (async () => {
        if (!gone) await send<null>({ op: 'close' });
        await worker.terminate();
      })()),
  };
}
