import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteLike } from './pglite-thread.ts';

/**
 * Lets Kysely's own PostgresDialect drive an embedded PGlite database.
 *
 * `db` is PGlite on this thread or in its worker thread (pglite-thread.ts). PGlite is a single connection, so this is a
 * pool of one: `connect()` waits until the previous holder releases it, which keeps a transaction's statements together.
 * (kysely-pglite-dialect does the same job but pins an older PGlite in its peer range.)
 */
export function createPglitePool(db: Pick<PgliteLike, 'query'>): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  // Kysely only uses the (sql, parameters) overload of query(); streaming cursors are not offered.
  const client = (release: () => void) =>
    ({
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const result = await db.query<R>(sql, parameters as unknown[]);
      const command = (/^\s*(\w+)/.exec(sql)?.[1] ?? 'SELECT').toUpperCase() as PostgresQueryResult<R>['command'];
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
      release,
    }) as unknown as PostgresPoolClient;

  return {
    connect: () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const acquired = tail.then(() => client(release));
      tail = tail.then(() => released);
      return acquired;
    },
    end: async () => {
      await tail;
    },
  } as PostgresPool;
}
