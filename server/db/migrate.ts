import { Migrator } from 'kysely';
import { openDatabase, type Db, type DbHandle } from './client.ts';
import { migrations } from './migrations/index.ts';

/** Applies every versioned migration not yet applied. Kysely takes a lock, so several processes may race safely. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features are built side by side; a database that already ran a later number still takes an earlier new one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Opens the database and applies the migrations. PGlite's WebAssembly heap only grows: creating its data directory
 * (initdb) and running migrations leave it at ~450 MB, while the same directory opened afresh needs ~190 MB. So when
 * migrations ran on an on-disk PGlite (first start, an upgrade), it is closed and opened again, and the first heap is
 * given back (issue 21: `npm run bench:memory`, README "Server memory").
 */
export async function openMigratedDatabase(options: Parameters<typeof openDatabase>[0]): Promise<{ database: DbHandle; applied: string[]; reopened: boolean }> {
  const first = await openDatabase(options);
  const applied = await migrateToLatest(first.db);
  if (first.kind !== 'pglite' || applied.length === 0 || options.dataDir === 'memory://') return { database: first, applied, reopened: false };
  await first.close();
  return { database: await openDatabase(options), applied, reopened: true };
}
