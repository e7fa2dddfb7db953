import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mirrorAuth } from '../../src/lib/offline/auth-mirror.ts';
import { closeMiseDb, openMiseDb } from '../../src/lib/offline/db.ts';
import { wipeUserData } from '../../src/lib/offline/wipe-user-data.ts';
import { nextDelay, parseRetryAfter } from '../../src/lib/outbox/backoff.ts';
import { drainOutbox, type DrainDeps } from '../../src/lib/outbox/drain.ts';
import { subscribeOutboxEvents } from '../../src/lib/outbox/events.ts';
import { addOp, countUnsentOps, getOp, listOps, removeOps, retryOp, updateOp } from '../../src/lib/outbox/store.ts';
import type { EnqueueInput, OutboxEvent } from '../../src/lib/outbox/types.ts';
import { apiErrorFrom } from '../../src/lib/api-error.ts';
import { serverFieldErrors } from '../../src/ui/contract-form.ts';

// The outbox state machine on a fresh fake IndexedDB per test, against a scripted "server":
// a fetch that records each request and answers from a queue of responses per path.
type Answer = number | { status: number; body?: unknown; headers?: Record<string, string> } | 'network';
type Sent = { path: string; method: string; key: string | null; auth: string | null; request: Request };

let clock = 1_000_000;
let sent: Sent[];
let script: Map<string, Answer[]>;
let events: OutboxEvent[];
let unsubscribe: () => void;

const USER = 'user-1';
const fakeFetch: typeof fetch = async (input, init) => {
  const request = new Request(input as string, init);
  const path = new URL(request.url).pathname.replace('/api/v1', '');
  sent.push({ path, method: request.method, key: request.headers.get('idempotency-key'), auth: request.headers.get('authorization'), request });
  const answer = script.get(path)?.shift() ?? 200;
  if (answer === 'network') throw new TypeError('Failed to fetch');
  const { status, body, headers } = typeof answer === 'number' ? { status: answer, body: undefined, headers: undefined } : answer;
  return new Response(JSON.stringify(body ?? (status < 400 ? { ok: true, path } : { error: `refused ${status}` })), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
};

const deps: Partial<DrainDeps> = { fetch: fakeFetch, now: () => clock, random: () => 0.5, origin: 'http://mise.test', isOnline: () => true };
const drain = (options?: { force?: boolean }) => drainOutbox(deps, options);
const op = (entity: string, n: number, extra: Partial<EnqueueInput> = {}) =>
  addOp({ kind: 'test.write', entity, label: `${entity} #${n}`, method: 'POST', path: `/${entity}/${n}`, json: { n }, invalidate: [[entity]], userId: USER, ...extra }, clock++);
const statuses = async () => Object.fromEntries((await listOps(USER)).map((o) => [o.label, o.status]));
const paths = () => sent.map((s) => s.path);

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  sent = [];
  script = new Map();
  events = [];
  unsubscribe = subscribeOutboxEvents((event) => events.push(event));
  await mirrorAuth({ token: 'token-1', userId: USER });
});
afterEach(async () => {
  unsubscribe();
  await closeMiseDb();
});

describe('outbox', () => {
  it('stores writes with a per-entity sequence, sends them with their key and token, and removes them when done', async () => {
    const a1 = await op('a', 1);
    const a2 = await op('a', 2);
    const b1 = await op('b', 1);
    expect([a1.seq, a2.seq, b1.seq]).toEqual([1, 2, 1]);
    expect(a1).toMatchObject({ status: 'pending', attempts: 0, userId: USER, request: { method: 'POST', path: '/a/1', json: { n: 1 } } });

    const summary = await drain();
    expect(summary).toMatchObject({ sent: 3, done: 3, nextAttemptAt: null });
    expect(await listOps(USER)).toEqual([]);
    expect(sent.find((s) => s.path === '/a/1')).toMatchObject({ method: 'POST', key: a1.id, auth: 'Bearer token-1' });
    expect(await sent[0]!.request.json()).toEqual({ n: 1 });
    await expect.poll(() => events.filter((e) => e.type === 'done').length).toBe(3);
    expect(events.find((e) => e.type === 'done' && e.opId === a1.id)).toMatchObject({ invalidate: [['a']], body: { ok: true, path: '/a/1' } });
  });

  it('keeps order within an entity; another entity is not held by it', async () => {
    await op('a', 1);
    await op('a', 2);
    await op('a', 3);
    await op('b', 1);
    await drain();
    const a = paths().filter((p) => p.startsWith('/a'));
    expect(a).toEqual(['/a/1', '/a/2', '/a/3']);
    expect(paths()).toContain('/b/1');
  });

  it('a 409 marks a conflict and holds the rest of that entity; other entities go through', async () => {
    script.set('/a/2', [{ status: 409, body: { error: 'The profile was changed on another device' } }]);
    await op('a', 1);
    await op('a', 2);
    await op('a', 3);
    await op('b', 1);
    await drain();
    expect(paths().sort()).toEqual(['/a/1', '/a/2', '/b/1']);
    expect(await statuses()).toEqual({ 'a #2': 'conflict', 'a #3': 'pending' });
    const conflict = (await listOps(USER)).find((o) => o.label === 'a #2')!;
    expect(conflict).toMatchObject({ lastStatus: 409, lastError: 'The profile was changed on another device' });

    // Still held on the next drain; a 412 does the same.
    await drain();
    expect(paths()).toHaveLength(3);
    // Retry sends it again under a new key (the server stored its 409 under the old one), then the chain moves.
    const retried = await retryOp(conflict.id, clock);
    expect(retried!.id).not.toBe(conflict.id);
    await drain();
    expect(paths().slice(3)).toEqual(['/a/2', '/a/3']);
    expect(sent[3]!.key).toBe(retried!.id);
    expect(await listOps(USER)).toEqual([]);
  });

  it('treats 412 like 409', async () => {
    script.set('/a/1', [412]);
    await op('a', 1);
    await op('a', 2);
    await drain();
    expect(await statuses()).toEqual({ 'a #1': 'conflict', 'a #2': 'pending' });
  });

  it('a 422 is failed with the server message, never retried by itself, and does not hold the next op', async () => {
    script.set('/a/1', [{ status: 422, body: { error: 'Enter a valid phone number' } }]);
    await op('a', 1);
    await op('a', 2);
    await drain();
    expect(await statuses()).toEqual({ 'a #1': 'failed' });
    expect((await listOps(USER))[0]).toMatchObject({ lastStatus: 422, lastError: 'Enter a valid phone number', attempts: 1 });
    clock += 3600_000;
    await drain({ force: true });
    expect(paths()).toEqual(['/a/1', '/a/2']);
  });

  it('a refusal naming fields keeps them with the op, parsed as the forms parse them, until a retry', async () => {
    const refusal = { error: 'Another customer already has this email', code: 'conflict', fields: { email_address: 'Another customer already has this email' } };
    script.set('/c/1', [{ status: 400, body: refusal }]);
    await op('c', 1);
    await drain();
    const failed = (await listOps(USER))[0]!;
    // The same parser as api() and serverFieldErrors (src/lib/api-error.ts).
    const parsed = apiErrorFrom(400, refusal);
    expect(failed).toMatchObject({ status: 'failed', lastError: parsed.message, lastFields: parsed.fields });
    expect(serverFieldErrors(parsed)).toEqual({ email_address: 'Another customer already has this email' });
    const retried = await retryOp(failed.id, clock);
    expect(retried).toMatchObject({ status: 'pending', lastError: null, lastFields: undefined });
  });

  it('a 500 is retried after a jittered backoff with the same key', async () => {
    script.set('/a/1', [500, 503]);
    const a1 = await op('a', 1);
    await op('a', 2);
    let summary = await drain();
    const after1 = (await getOp(a1.id))!;
    expect(after1).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    expect(after1.nextAttemptAt - clock).toBe(1500); // 2 s ceiling, random 0.5 → 1.5 s
    expect(summary.nextAttemptAt).toBe(after1.nextAttemptAt);
    expect(paths()).toEqual(['/a/1']); // a/2 waits behind it

    await drain(); // too early: nothing sent
    expect(paths()).toHaveLength(1);
    clock += 1500;
    await drain();
    expect((await getOp(a1.id))!.nextAttemptAt - clock).toBe(3000); // second attempt: 4 s ceiling
    clock += 3000;
    summary = await drain();
    expect(summary.nextAttemptAt).toBeNull();
    expect(paths()).toEqual(['/a/1', '/a/1', '/a/1', '/a/2']);
    expect(new Set(sent.slice(0, 3).map((s) => s.key))).toEqual(new Set([a1.id]));
  });

  it('honours Retry-After on 429, and treats a 409 "still running" as a retry', async () => {
    script.set('/a/1', [{ status: 429, headers: { 'Retry-After': '120' } }]);
    script.set('/b/1', [{ status: 409, body: { error: 'still running', code: 'request_in_progress' }, headers: { 'Retry-After': '1' } }]);
    const a1 = await op('a', 1);
    const b1 = await op('b', 1);
    await drain();
    expect((await getOp(a1.id))!.nextAttemptAt - clock).toBe(120_000);
    expect((await getOp(b1.id))!).toMatchObject({ status: 'pending', lastStatus: 409 });
  });

  it('a network failure waits, and "online" (force) sends it at once with the same key', async () => {
    script.set('/a/1', ['network']);
    const a1 = await op('a', 1);
    await drain();
    expect((await getOp(a1.id))!).toMatchObject({ status: 'pending', lastStatus: 0, attempts: 1 });
    await drain();
    expect(paths()).toHaveLength(1);
    await drain({ force: true });
    expect(paths()).toHaveLength(2);
    expect(sent[1]!.key).toBe(a1.id);
    expect(await listOps(USER)).toEqual([]);
  });

  it('does not send while offline', async () => {
    await op('a', 1);
    await drainOutbox({ ...deps, isOnline: () => false });
    expect(sent).toEqual([]);
    expect(await statuses()).toEqual({ 'a #1': 'pending' });
  });

  it('a 401 waits for a sign-in; the new token (read at send time) unblocks it', async () => {
    script.set('/a/1', [401]);
    await op('a', 1);
    await op('a', 2);
    await drain();
    expect(await statuses()).toEqual({ 'a #1': 'auth', 'a #2': 'pending' });
    await drain();
    expect(paths()).toEqual(['/a/1']);
    const { resumed } = await mirrorAuth({ token: 'token-2', userId: USER });
    expect(resumed).toBe(1);
    await drain();
    expect(sent.slice(1).map((s) => [s.path, s.auth])).toEqual([
      ['/a/1', 'Bearer token-2'],
      ['/a/2', 'Bearer token-2'],
    ]);
  });

  it('never sends one owner’s writes with another owner’s token', async () => {
    await op('a', 1);
    const { otherOwner } = await mirrorAuth({ token: 'token-x', userId: 'user-2' });
    expect(otherOwner).toBe(true);
    await drain();
    expect(sent).toEqual([]);
    expect(await statuses()).toEqual({ 'a #1': 'pending' });
  });

  it('an op left "sending" by a drainer that died is sent again with its key', async () => {
    const a1 = await op('a', 1);
    await updateOp(a1.id, { status: 'sending', attempts: 1 });
    await drain();
    expect(sent.map((s) => s.key)).toEqual([a1.id]);
    expect(await listOps(USER)).toEqual([]);
  });

  it('runs one drainer at a time: concurrent drains send each op once', async () => {
    await op('a', 1);
    await op('b', 1);
    await Promise.all([drain(), drain(), drain()]);
    expect(paths().sort()).toEqual(['/a/1', '/b/1']);
  });

  it('stores files, builds the multipart body at send time, and removes the files when done', async () => {
    const picture = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'me.png', { type: 'image/png' });
    const a1 = await addOp({ kind: 'profile.update', entity: 'profile', label: 'Update profile', method: 'POST', path: '/p', form: { name: 'Rosa', image: picture }, userId: USER });
    expect(a1.request.form).toEqual([
      { name: 'name', value: 'Rosa' },
      expect.objectContaining({ name: 'image', fileName: 'me.png', type: 'image/png' }),
    ]);
    expect(await (await openMiseDb()).count('blobs')).toBe(1);
    await drain();
    const form = await sent[0]!.request.formData();
    expect(form.get('name')).toBe('Rosa');
    const file = form.get('image') as File;
    expect(file.name).toBe('me.png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    expect(await (await openMiseDb()).count('blobs')).toBe(0);
  });

  it('a write whose file went missing is failed with a message, not sent broken', async () => {
    const a1 = await addOp({ kind: 'k', entity: 'p', label: 'With file', method: 'POST', path: '/p', form: { image: new Blob(['x']) }, userId: USER });
    await (await openMiseDb()).clear('blobs');
    await drain();
    expect(sent).toEqual([]);
    expect((await getOp(a1.id))!).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/no longer on this device/) });
  });

  it('discarding removes the op and its files', async () => {
    const a1 = await addOp({ kind: 'k', entity: 'p', label: 'x', method: 'POST', path: '/p', form: { image: new Blob(['x']) }, userId: USER });
    await removeOps([a1.id]);
    const db = await openMiseDb();
    expect([await db.count('ops'), await db.count('blobs')]).toEqual([0, 0]);
  });

  it('sign-out wipes the cache, the outbox, its files and the token', async () => {
    const db = await openMiseDb();
    await db.put('kv', '{"customers":["Ana"]}', 'query-cache');
    await addOp({ kind: 'k', entity: 'p', label: 'x', method: 'POST', path: '/p', form: { image: new Blob(['x']) }, userId: USER });
    expect(await countUnsentOps(USER)).toBe(1);
    await wipeUserData();
    for (const store of ['kv', 'auth', 'ops', 'blobs', 'meta'] as const) expect(await db.count(store)).toBe(0);
  });
});

describe('backoff', () => {
  it('doubles up to 10 minutes with jitter between half and all', () => {
    expect(nextDelay(1, () => 0)).toBe(1000);
    expect(nextDelay(1, () => 1)).toBe(2000);
    expect(nextDelay(3, () => 1)).toBe(8000);
    expect(nextDelay(30, () => 1)).toBe(600_000);
    expect(nextDelay(1, () => 0, 60_000)).toBe(60_000);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('refetchOnSync', () => {
  it('fetches again what a change synced elsewhere (the service worker) touched, also a read made just before it landed', async () => {
    const { QueryClient, QueryObserver } = await import('@tanstack/react-query');
    const { refetchOnSync } = await import('../../src/lib/outbox/refetch-on-sync.ts');
    const { postOutboxEvent } = await import('../../src/lib/outbox/events.ts');
    const queryClient = new QueryClient();
    let name = 'Rosa';
    let reads = 0;
    // A screen is showing the owner (an observer keeps the query active, as a mounted screen does).
    const observer = new QueryObserver(queryClient, { queryKey: ['me'], queryFn: async () => (reads++, { name }), staleTime: Infinity });
    const stopObserving = observer.subscribe(() => undefined);
    const stop = refetchOnSync(queryClient);
    try {
      await vi.waitFor(() => expect(queryClient.getQueryData(['me'])).toEqual({ name: 'Rosa' }));
      // The offline edit lands on the server after that read; the worker says so.
      name = 'Rosa Offline';
      postOutboxEvent({ type: 'done', opId: 'op-1', kind: 'profile.update', entity: 'profile:u1', invalidate: [['me']], body: { name } });
      await vi.waitFor(() => expect(queryClient.getQueryData(['me'])).toEqual({ name: 'Rosa Offline' }));
      expect(reads).toBe(2);
      // A plain change notice refetches nothing.
      postOutboxEvent({ type: 'changed' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads).toBe(2);
    } finally {
      stop();
      stopObserving();
      queryClient.clear();
    }
  });
});
