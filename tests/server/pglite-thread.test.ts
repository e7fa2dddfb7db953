import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/client.ts';
import { startPgliteThread } from '../../server/db/pglite-thread.ts';
import { PREPARED } from '../../server/db/pglite-pool.ts';

// Issues 12/13/17: PGlite runs in a worker thread by default (server/db/pglite-thread.ts), with the option of the
// calling thread. Both must answer the same: values, errors with their PostgreSQL fields, and transactions.
describe.skipIf(process.env.MISE_TEST_DB === 'postgres')('PGlite in its worker thread and on the calling thread', () => {
  const handles: Record<'thread' | 'inline', DbHandle | undefined> = { thread: undefined, inline: undefined };
  beforeAll(async () => {
    handles.thread = await openDatabase({ dataDir: 'memory://' });
    handles.inline = await openDatabase({ dataDir: 'memory://', pgliteThread: false });
    for (const handle of Object.values(handles)) {
      await sql`CREATE TABLE guests (id int PRIMARY KEY, email text NOT NULL, CONSTRAINT guests_email_key UNIQUE (email))`.execute(handle!.db);
    }
  }, 120_000);
  afterAll(async () => {
    await handles.thread?.close();
    await handles.inline?.close();
  });

  it('gives the same values: Date, DATE as text, int8, numeric, JSON, bytea, arrays', async () => {
    const answers = [];
    for (const handle of [handles.thread!, handles.inline!]) {
      const result = await sql<Record<string, unknown>>`SELECT ${new Date('2026-03-04T05:06:07.089Z')}::timestamptz AS at, '2026-03-04'::date AS day,
        12345678901234::bigint AS big, 1.50::numeric AS price, '{"a":[1,"x",null]}'::jsonb AS doc, ${Buffer.from([1, 2, 255])}::bytea AS bytes,
        ARRAY['a','b'] AS tags, NULL::text AS nothing`.execute(handle.db);
      answers.push(result.rows[0]);
    }
    const [thread, inline] = answers;
    expect(thread).toEqual(inline);
    expect(thread!.at).toBeInstanceOf(Date);
    expect((thread!.at as Date).toISOString()).toBe('2026-03-04T05:06:07.089Z');
    expect(thread!.day).toBe('2026-03-04');
    expect(thread!.price).toBe('1.50');
    expect(thread!.doc).toEqual({ a: [1, 'x', null] });
    expect([...(thread!.bytes as Uint8Array)]).toEqual([1, 2, 255]);
    expect(thread!.tags).toEqual(['a', 'b']);
  });

  it('hands back a unique violation with code, constraint, detail and message', async () => {
    const errors = [];
    for (const handle of [handles.thread!, handles.inline!]) {
      await handle.db.insertInto('guests' as never).values({ id: 1, email: 'rosa@cafe.test' } as never).execute();
      errors.push(await handle.db.insertInto('guests' as never).values({ id: 2, email: 'rosa@cafe.test' } as never).execute().then(() => undefined, (error: unknown) => error));
    }
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({
        code: '23505',
        constraint: 'guests_email_key',
        table: 'guests',
        detail: 'Key (email)=(rosa@cafe.test) already exists.',
        message: 'duplicate key value violates unique constraint "guests_email_key"',
      });
    }
  });

  it('keeps a transaction whole while other statements wait, and rolls it back on error', async () => {
    const db = handles.thread!.db;
    const outside: string[] = [];
    const inside = db.transaction().execute(async (trx) => {
      await trx.insertInto('guests' as never).values({ id: 10, email: 'a@cafe.test' } as never).execute();
      // A statement from outside the transaction queued now runs only after it.
      void sql`SELECT count(*)::int AS n FROM guests WHERE id >= 10`.execute(db).then((result) => outside.push(`outside saw ${(result.rows[0] as { n: number }).n}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.insertInto('guests' as never).values({ id: 11, email: 'b@cafe.test' } as never).execute();
      outside.push('transaction done');
    });
    await inside;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('guests' as never).values({ id: 12, email: 'c@cafe.test' } as never).execute();
        await trx.insertInto('guests' as never).values({ id: 13, email: 'a@cafe.test' } as never).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await sql<{ id: number }>`SELECT id FROM guests WHERE id >= 10 ORDER BY id`.execute(db);
    expect(ids.rows.map((row) => row.id)).toEqual([10, 11]);
    expect(outside).toEqual(['transaction done', 'outside saw 2']);
  });

  it('runs statements as prepared statements like any other: same rows, errors, transactions, a widened table, and no lasting generic plan', async () => {
    const hot = (id: number[], email: string[]) => sql<{ id: number; email: string }>`${sql.raw(PREPARED)}
      INSERT INTO guests (id, email) SELECT * FROM unnest(${id}::int[], ${email}::text[]) RETURNING id, email`;
    const answers = [];
    for (const handle of [handles.thread!, handles.inline!]) {
      const db = handle.db;
      const first = await hot([100, 101], ['p1@cafe.test', 'p2@cafe.test']).execute(db);
      // The second call binds the statement prepared by the first; a different text is a statement of its own.
      const second = await hot([102], ['p3@cafe.test']).execute(db);
      const other = await sql<{ n: number }>`${sql.raw(PREPARED)} SELECT count(*)::int AS n FROM guests WHERE id >= ${100}`.execute(db);
      const duplicate = await hot([103], ['p1@cafe.test'])
        .execute(db)
        .then(
          () => undefined,
          ({ code, constraint, message }: { code: string; constraint: string; message: string }) => ({ code, constraint, message }),
        );
      // In a transaction that fails, nothing of it stays, and the connection is usable after the rollback.
      await expect(
        db.transaction().execute(async (trx) => {
          await hot([104], ['p4@cafe.test']).execute(trx);
          await hot([105], ['p1@cafe.test']).execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      // A change of the table between calls: PostgreSQL plans the statement again.
      await sql`ALTER TABLE guests ADD COLUMN IF NOT EXISTS note text`.execute(db);
      const after = await hot([106], ['p6@cafe.test']).execute(db);
      // A statement whose result is the whole row, run before and after the table gains a column, answers with it.
      const whole = sql<Record<string, unknown>>`SELECT * FROM guests WHERE id = ${100}`;
      const before = await whole.execute(db);
      await sql`ALTER TABLE guests ADD COLUMN IF NOT EXISTS seats int DEFAULT 2`.execute(db);
      const widened = await whole.execute(db);
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(db);
      const ids = await sql<{ id: number }>`SELECT id FROM guests WHERE id >= 100 ORDER BY id`.execute(db);
      answers.push({ first: first.rows, second: second.rows, other: other.rows, duplicate, after: after.rows, before: before.rows, widened: widened.rows, mode: mode.rows[0]!.plan_cache_mode, ids: ids.rows.map((row) => row.id) });
    }
    const [thread, inline] = answers;
    expect({ ...thread, mode: undefined }).toEqual({ ...inline, mode: undefined });
    expect(thread!.first).toEqual([
      { id: 100, email: 'p1@cafe.test' },
      { id: 101, email: 'p2@cafe.test' },
    ]);
    expect(thread!.second).toEqual([{ id: 102, email: 'p3@cafe.test' }]);
    expect(thread!.other).toEqual([{ n: 3 }]);
    expect(thread!.duplicate).toMatchObject({ code: '23505', constraint: 'guests_email_key' });
    expect(thread!.after).toEqual([{ id: 106, email: 'p6@cafe.test' }]);
    expect(thread!.before).toEqual([{ id: 100, email: 'p1@cafe.test', note: null }]);
    expect(thread!.widened).toEqual([{ id: 100, email: 'p1@cafe.test', note: null, seats: 2 }]);
    // The generic plan is asked for around the hot statement only; every other statement is planned for its values.
    expect(thread!.mode).toBe('force_custom_plan');
    expect(inline!.mode).toBe('auto');
    expect(thread!.ids).toEqual([100, 101, 102, 106]);
  });

  it('prepares data statements unless told not to (PGLITE_PREPARED=0)', async () => {
    const prepared = async (prepareAll: boolean) => {
      const thread = await startPgliteThread(undefined, { prepareAll });
      await thread.query('SELECT $1::int AS one', [1]);
      const { rows } = await thread.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
      await thread.close();
      return rows[0]!.n;
    };
    expect(await prepared(true)).toBeGreaterThan(0);
    expect(await prepared(false)).toBe(0);
  }, 120_000);

  it('answers a statement sent after close with an error rather than a hang', async () => {
    const thread = await startPgliteThread(undefined);
    expect((await thread.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await thread.close();
    await expect(thread.query('SELECT 1')).rejects.toThrow(/database thread ended/);
  }, 120_000);
});
