import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/app-error.ts';
import { newSessionToken, sha256 } from '../../server/lib/crypto.ts';
import { idempotency, pruneIdempotencyKeys } from '../../server/middleware/idempotency.ts';
import { requireSession } from '../../server/middleware/session.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The middleware on small routes that count how often they really run, inside the real app
// (its onError, body limit and session lookup), on PGlite or PostgreSQL.
let t: TestApp;
let runs = 0;
let release: (() => void) | undefined;

async function createUser(name: string) {
  const user = await t.deps.db
    .insertInto('users')
    .values({ name, email: `${randomUUID()}@cafe.test`, verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  await t.deps.db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 365 * 86400_000) })
    .execute();
  return { id: user.id, token };
}

const rowsFor = async (userId: string) =>
  t.deps.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).execute();

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app;
  // As a route opts in: after its session check (server/middleware/idempotency.ts).
  app.use('/idem/*', requireSession(t.deps), idempotency(t.deps));
  app.post('/idem/count', async (c) => {
    runs += 1;
    const body = await c.req.json<{ n: number }>();
    return c.json({ runs, n: body.n }, 201);
  });
  app.post('/idem/slow', async (c) => {
    runs += 1;
    await new Promise<void>((resolve) => (release = resolve));
    return c.json({ runs });
  });
  app.post('/idem/bad', () => {
    runs += 1;
    throw new AppError(400, 'Name is required', 'validation');
  });
  app.post('/idem/broken', () => {
    runs += 1;
    throw new Error('boom');
  });
  app.post('/idem/form', async (c) => {
    runs += 1;
    const form = await c.req.parseBody();
    const file = form.file as File;
    return c.json({ runs, name: form.name, size: file.size });
  });
});
afterAll(() => t.close());

describe('idempotency middleware', () => {
  it('runs the route once per key and replays the first answer', async () => {
    const user = await createUser('Rosa');
    const key = randomUUID();
    const before = runs;
    const first = await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(runs - before).toBe(1);
    const rows = await rowsFor(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key, status_code: 201 });
  });

  it('refuses the same key with another body (422) and leaves the stored answer alone', async () => {
    const user = await createUser('Ana');
    const key = randomUUID();
    await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': key });
    const other = await call(t.app, 'POST', '/idem/count', { n: 2 }, user.token, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(other.body.error).toMatch(/already used for a different request/);
    const otherPath = await call(t.app, 'POST', '/idem/bad', { n: 1 }, user.token, { 'Idempotency-Key': key });
    expect(otherPath.status).toBe(422);
    const same = await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': key });
    expect(same.status).toBe(201);
    expect(same.body.n).toBe(1);
  });

  it('answers 409 with Retry-After to a repeat while the first is still running', async () => {
    const user = await createUser('Li');
    const key = randomUUID();
    const before = runs;
    const first = call(t.app, 'POST', '/idem/slow', {}, user.token, { 'Idempotency-Key': key });
    await expect.poll(() => release).toBeDefined();
    const repeat = await call(t.app, 'POST', '/idem/slow', {}, user.token, { 'Idempotency-Key': key });
    expect(repeat.status).toBe(409);
    expect(repeat.body.code).toBe('request_in_progress');
    expect(repeat.headers.get('retry-after')).toBe('1');
    release?.();
    release = undefined;
    expect((await first).status).toBe(200);
    const after = await call(t.app, 'POST', '/idem/slow', {}, user.token, { 'Idempotency-Key': key });
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(runs - before).toBe(1);
  });

  it('takes over a key whose first request never finished (its process died)', async () => {
    const user = await createUser('Sam');
    const key = randomUUID();
    await t.deps.db
      .insertInto('idempotency_keys')
      .values({ user_id: user.id, key, request_hash: 'x', locked_at: new Date(Date.now() - 10 * 60_000) })
      .execute();
    // Same hash as the real request is needed to take over: compute it by sending once to a fresh key.
    const probe = randomUUID();
    await call(t.app, 'POST', '/idem/count', { n: 7 }, user.token, { 'Idempotency-Key': probe });
    const [probeRow] = (await rowsFor(user.id)).filter((r) => r.key === probe);
    await t.deps.db.updateTable('idempotency_keys').set({ request_hash: probeRow!.request_hash }).where('key', '=', key).execute();
    const taken = await call(t.app, 'POST', '/idem/count', { n: 7 }, user.token, { 'Idempotency-Key': key });
    expect(taken.status).toBe(201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
  });

  it('stores a 4xx answer too, but not a 5xx: a repeat after a server error runs again', async () => {
    const user = await createUser('Kim');
    const badKey = randomUUID();
    const before = runs;
    const bad = await call(t.app, 'POST', '/idem/bad', {}, user.token, { 'Idempotency-Key': badKey });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Name is required' } });
    const badAgain = await call(t.app, 'POST', '/idem/bad', {}, user.token, { 'Idempotency-Key': badKey });
    expect(badAgain.status).toBe(400);
    expect(badAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(runs - before).toBe(1);

    const brokenKey = randomUUID();
    expect((await call(t.app, 'POST', '/idem/broken', {}, user.token, { 'Idempotency-Key': brokenKey })).status).toBe(500);
    expect((await call(t.app, 'POST', '/idem/broken', {}, user.token, { 'Idempotency-Key': brokenKey })).status).toBe(500);
    expect(runs - before).toBe(3);
    expect((await rowsFor(user.id)).map((r) => r.key)).toEqual([badKey]);
  });

  it('keeps keys per user: the same key from another user is another request', async () => {
    const rosa = await createUser('Rosa B');
    const ana = await createUser('Ana B');
    const key = randomUUID();
    const before = runs;
    await call(t.app, 'POST', '/idem/count', { n: 1 }, rosa.token, { 'Idempotency-Key': key });
    const fromAna = await call(t.app, 'POST', '/idem/count', { n: 1 }, ana.token, { 'Idempotency-Key': key });
    expect(fromAna.headers.get('idempotent-replayed')).toBeNull();
    expect(runs - before).toBe(2);
  });

  it('hashes multipart parts, not the boundary: a rebuilt FormData replays, other file bytes get 422', async () => {
    const user = await createUser('Mo');
    const key = randomUUID();
    const form = (bytes: number[]) => {
      const data = new FormData();
      data.set('name', 'Rosa');
      data.set('file', new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }));
      return data;
    };
    const before = runs;
    const first = await call(t.app, 'POST', '/idem/form', form([1, 2, 3]), user.token, { 'Idempotency-Key': key });
    expect(first).toMatchObject({ status: 200, body: { name: 'Rosa', size: 3 } });
    const again = await call(t.app, 'POST', '/idem/form', form([1, 2, 3]), user.token, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = await call(t.app, 'POST', '/idem/form', form([1, 2, 4]), user.token, { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(runs - before).toBe(1);
  });

  it('passes requests without a key through, refuses a malformed key and needs a session', async () => {
    const user = await createUser('Jo');
    const before = runs;
    await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token);
    await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token);
    expect(runs - before).toBe(2);
    const malformed = await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': 'a b' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/Idempotency-Key/);
    const anonymous = await call(t.app, 'POST', '/idem/count', { n: 1 }, undefined, { 'Idempotency-Key': randomUUID() });
    expect(anonymous.status).toBe(401);
    expect(runs - before).toBe(2);
  });

  it('keeps keys 30 days, then prunes them', async () => {
    const user = await createUser('Old');
    const key = randomUUID();
    await call(t.app, 'POST', '/idem/count', { n: 1 }, user.token, { 'Idempotency-Key': key });
    t.advance(29 * 86400_000);
    expect(await pruneIdempotencyKeys(t.deps)).toBe(0);
    expect(await rowsFor(user.id)).toHaveLength(1);
    t.advance(2 * 86400_000);
    // The next keyed request prunes on its way (at most once an hour).
    await call(t.app, 'POST', '/idem/count', { n: 2 }, user.token, { 'Idempotency-Key': randomUUID() });
    const keys = (await rowsFor(user.id)).map((r) => r.key);
    expect(keys).not.toContain(key);
    expect(keys).toHaveLength(1);
  });
});
