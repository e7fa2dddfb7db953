import { Migrator } from 'kysely';
import type { Db } from './client.ts';
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
