import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { createFairGate } from './fair-gate.ts';
import type { PgliteLike } from './pglite-thread.ts';

/**
 * The mark a hot statement opens with (`sql\`${sql.raw(PREPARED)} …\``): in PGlite's worker thread it runs with one
 * generic plan (pglite-worker.mjs); on PostgreSQL it is a node-postgres named statement (client.ts); on PGlite on the
 * calling thread it is a plain comment. Only for statements whose text is the same on every call and whose plan does
 * not depend on the values (the sending ledger's step, which passes one array per column).
 */
export const PREPARED = '/* prepared */';

/**
 * Lets Kysely's own PostgresDialect drive an embedded PGlite database.
 *
 * `db` is PGlite on this thread or in its worker thread (pglite-thread.ts). PGlite is a single connection, so this is a
 * pool of one: `connect()` waits until the previous holder releases it, which keeps a transaction's statements together.
 * Who goes next is decided by fair-gate.ts: the request that arrived first, not the statement that asked first.
 * (kysely-pglite-dialect does the same job but pins an older PGlite in its peer range.)
 */
export function createPglitePool(db: Pick<PgliteLike, 'query' | 'prepared'>): PostgresPool {
  const gate = createFairGate(1);
  let idle: Promise<void> = Promise.resolve();
  let markIdle = () => {};

  // Kysely only uses the (sql, parameters) overload of query(); streaming cursors are not offered.
  const client = (release: () => void) =>
    ({
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const result = db.prepared && sql.startsWith(PREPARED) ? await db.prepared<R>(sql, parameters as unknown[]) : await db.query<R>(sql, parameters as unknown[]);
      const command = (/^\s*(?:\/\*.*?\*\/\s*)?(\w+)/.exec(sql)?.[1] ?? 'SELECT').toUpperCase() as PostgresQueryResult<R>['command'];
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
      release,
    }) as unknown as PostgresPoolClient;

  return {
    connect: async () => {
      if (gate.inUse === 0 && gate.waiting === 0) idle = new Promise<void>((resolve) => (markIdle = resolve));
      const release = await gate.acquire();
      return client(() => {
        release();
        if (gate.inUse === 0 && gate.waiting === 0) markIdle();
      });
    },
    end: async () => {
      await idle;
    },
  } as PostgresPool;
}
