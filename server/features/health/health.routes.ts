import { sql } from 'kysely';
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';

export const healthRoutes = (deps: Deps) =>
  new Hono().get('/', async (c) => {
    const started = performance.now();
    await sql`select 1`.execute(deps.db);
    return c.json({ status: 'ok', database: { ok: true, ms: Math.round(performance.now() - started) }, mail: deps.mailer.kind });
  });
