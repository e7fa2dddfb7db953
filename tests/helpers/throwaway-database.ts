import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../server/db/client.ts';

/**
 * A new, empty PostgreSQL database on the server `adminUrl` points at (named `<prefix>_<random>`), dropped
 * again on close. Test files and benchmarks use one each, so they never see each other's rows.
 */
export async function openThrowawayPostgres(adminUrl: string, prefix: string): Promise<DbHandle> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
