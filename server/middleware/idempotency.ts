import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Deps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import type { SessionVariables } from './session.ts';
import { spoolMultipart, type SpoolOptions } from './spooled-body.ts';

/**
 * `Idempotency-Key` for every write the client's outbox may send again (after a dropped
 * connection, a reload, a Background Sync retry):
 * - the first answer per (user, key) is stored and returned again for a repeat, with
 *   `Idempotent-Replayed: true`, so the write is applied once;
 * - the same key with another request (method, path, body) → 422;
 * - a repeat while the first is still running → 409 `request_in_progress` with Retry-After;
 * - 5xx and 429 answers are not stored: nothing was applied, so a repeat runs again;
 * - keys are kept 30 days, pruned at most once an hour by the requests themselves.
 * Requests without the header pass through unchanged.
 *
 * How a route opts in: in its own router, after the session check, for the writes the outbox may queue:
 *   router.post('/update/:id', auth, idempotent, validate(...), handler)
 * or for every write of a router: `new Hono().use(requireSession(deps)).use(idempotency(deps))`.
 * The caller must already be identified (the key belongs to a user): no second session query.
 */
const IDEMPOTENCY_TTL_MS = 30 * 24 * 3600 * 1000;
// A first request that has not answered in this time died with its process: a repeat takes over.
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Env = { Variables: SessionVariables };
type IdempotencyDeps = Deps;

/**
 * `spool`: how a multipart body is taken in before it is hashed (the default cap is MAX_BODY_BYTES;
 * the media upload raises it to its own limit and has the file's first bytes inspected first).
 */
export function idempotency(deps: IdempotencyDeps, options: { spool?: Partial<SpoolOptions> } = {}) {
  const spool: SpoolOptions = { maxBytes: deps.env.MAX_BODY_BYTES, ...options.spool };
  let lastPrune = 0;
  const prune = async () => {
    const now = deps.now().getTime();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await pruneIdempotencyKeys(deps);
  };

  const middleware = createMiddleware<Env>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError(400, 'Idempotency-Key must be 8 to 200 letters, digits, "-" or "_"', 'validation');
    }
    const run = async () => {
      await prune();
      const { hash, cleanup } = await requestHash(c, spool);
      try {
        const replay = await claim(deps, c, key, hash);
        if (replay) return replay;
        await execute(deps, c, next, key);
      } finally {
        await cleanup();
      }
    };
    if (!c.get('user')) throw new Error('idempotency() must come after requireSession() in the route');
    return run();
  });
  return Object.assign(middleware, { [IDEMPOTENT]: true });
}

/** Marks the middleware, so a test can walk the app's routes and find every write that lacks it. */
const IDEMPOTENT = Symbol.for('mise.idempotency');

/** Records the key (or finds it). Returns the response to send instead of running the route, if any. */
async function claim(deps: IdempotencyDeps, c: Context<Env>, key: string, hash: string): Promise<Response | undefined> {
  const userId = c.get('user').id;
  const now = deps.now();
  const inserted = await deps.db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: hash, created_at: now, locked_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return undefined;

  const row = await deps.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (row && row.request_hash !== hash) {
    return c.json(
      { error: 'This Idempotency-Key was already used for a different request', code: 'idempotency_mismatch' },
      422,
    );
  }
  if (row && row.status_code !== null) {
    deps.logger.info({ key, status: row.status_code, path: c.req.path }, 'idempotent replay');
    return c.body(row.response_body ?? '', row.status_code as ContentfulStatusCode, {
      ...(row.content_type ? { 'Content-Type': row.content_type } : {}),
      'Idempotent-Replayed': 'true',
    });
  }
  // Still running, unless its process died: then this repeat takes the key over (one winner).
  if (row && now.getTime() - row.locked_at.getTime() > ABANDONED_AFTER_MS) {
    const taken = await deps.db
      .updateTable('idempotency_keys')
      .set({ locked_at: now })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('locked_at', '=', row.locked_at)
      .where('status_code', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return undefined;
  }
  return c.json({ error: 'This request is still being processed. Try again in a moment.', code: 'request_in_progress' }, 409, {
    'Retry-After': '1',
  });
}

async function execute(deps: IdempotencyDeps, c: Context<Env>, next: Next, key: string) {
  const userId = c.get('user').id;
  const forget = () => deps.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
  try {
    await next();
  } catch (error) {
    await forget();
    throw error;
  }
  const status = c.res.status;
  // Nothing was applied (or we cannot tell the client anything better): a repeat should run again.
  if (status >= 500 || status === 429) {
    await forget();
    return;
  }
  const body = await c.res.clone().text();
  await deps.db
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: body, content_type: c.res.headers.get('content-type'), completed_at: deps.now() })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/**
 * sha256 of method, path and body. A multipart body (an upload of up to hundreds of MB) is streamed
 * to a temporary file while it is hashed, with its boundary normalised (see spooled-body.ts), and the
 * route then reads it from that file: it is never held whole in memory. Other bodies are bounded by
 * the app's body limit and hashed as they are.
 */
async function requestHash(c: Context<Env>, spool: SpoolOptions): Promise<{ hash: string; cleanup: () => Promise<void> }> {
  const hash = createHash('sha256');
  const url = new URL(c.req.url);
  hash.update(`${c.req.method} ${url.pathname}${url.search}\n`);
  const type = c.req.header('content-type') ?? '';
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  const body = c.req.raw.body;
  if (!boundary || !body) {
    hash.update(new Uint8Array(await c.req.arrayBuffer()));
    return { hash: hash.digest('hex'), cleanup: async () => {} };
  }
  const spooled = await spoolMultipart(body, boundary, hash, spool);
  const original = c.req.raw;
  c.req.raw = new Request(original.url, {
    method: original.method,
    headers: original.headers,
    body: spooled.stream(),
    signal: original.signal,
    duplex: 'half',
  } as RequestInit);
  return { hash: hash.digest('hex'), cleanup: spooled.remove };
}

/** Deletes keys older than 30 days. */
export async function pruneIdempotencyKeys(deps: Pick<Deps, 'db' | 'now'>) {
  const cutoff = new Date(deps.now().getTime() - IDEMPOTENCY_TTL_MS);
  const result = await deps.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
