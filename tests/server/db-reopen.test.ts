import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../server/db/migrate.ts';

// Issue 21 §8: PGlite's WebAssembly heap only grows, so the server opens PGlite again after migrations ran
// (the figures are in the README, from `npm run bench:memory`). PGlite on disk only: PostgreSQL is never reopened.
describe.skipIf(process.env.MISE_TEST_DB === 'postgres')('PGlite opened again after migrations', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-reopen-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('reopens once migrations ran, with everything in place; a start with nothing to apply does not', async () => {
    const first = await openMigratedDatabase({ dataDir });
    try {
      expect(first.reopened).toBe(true);
      expect(first.applied.length).toBeGreaterThan(10);
      // The reopened database is the migrated one, and takes writes.
      const done = await sql<{ n: string }>`SELECT count(*) AS n FROM kysely_migration`.execute(first.database.db);
      expect(Number(done.rows[0]!.n)).toBe(first.applied.length);
      const now = new Date();
      await first.database.db.insertInto('users').values({ name: 'Rosa', email: 'rosa.reopen@cafe.test', password_hash: 'x', user_type: 'regular', created_at: now, updated_at: now }).execute();
    } finally {
      await first.database.close();
    }

    const again = await openMigratedDatabase({ dataDir });
    try {
      expect(again.reopened).toBe(false);
      expect(again.applied).toEqual([]);
      const rosa = await again.database.db.selectFrom('users').select('name').where('email', '=', 'rosa.reopen@cafe.test').executeTakeFirst();
      expect(rosa?.name).toBe('Rosa');
    } finally {
      await again.database.close();
    }
  }, 300_000);

  it('never reopens an in-memory PGlite (it would lose everything)', async () => {
    const memory = await openMigratedDatabase({ dataDir: 'memory://' });
    try {
      expect(memory.reopened).toBe(false);
      expect(memory.applied.length).toBeGreaterThan(10);
    } finally {
      await memory.database.close();
    }
  }, 300_000);
});
