import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21 §5: a phone's retry (same Idempotency-Key) never applies a write twice.
const IDEMPOTENT = Symbol.for('mise.idempotency');

/**
 * Writes that need no Idempotency-Key, each with why. Everything else under /api/v1 that is a POST,
 * PUT or PATCH must run the idempotency middleware.
 */
const EXEMPT: Array<[RegExp, string]> = [
  [/^\/api\/v1\/auth\//, 'no session to key it to; sign-up of a known address creates nothing, sign-in and codes are reads or single-use'],
  [/^\/api\/v1\/users\/change-password$/, 'ends every session, so a retry cannot be answered under the old one; a repeat is refused by the password check'],
  [/^\/api\/v1\/billing\/webhook$/, 'Stripe webhook: no session, deduplicated by event id'],
  [/^\/api\/v1\/mail\/bounces$/, 'bounce webhook: no session, recording a bounce twice changes nothing'],
  [/^\/api\/v1\/text\/twilio\//, 'Twilio webhooks: no session, keyed by the message SID'],
  [/^\/api\/v1\/team\/invitations\/(check|accept|accept-google|accept-apple)$/, 'team invitation link: no session; check is a read, accept (with a password, Google or Apple) uses the single-use link (a repeat gets 410)'],
  [/^\/api\/v1\/media\/uploads/, 'tus: resumable by its own protocol (Upload-Offset), a repeat PATCH at a stale offset is refused'],
  [/^\/api\/v1\/push\/subscriptions$/, 'push subscription: keyed by its endpoint, subscribing twice stores one row'],
  [/^\/api\/v1\/push\/sends\/[^/]+\/cancel$/, "a reminder's Cancel send action: no session, its token is single-use (a repeat gets 409)"],
];

describe('Idempotency-Key on every write a phone may retry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('walks the app: every POST, PUT and PATCH under /api/v1 runs the idempotency middleware (or is exempt, with a reason)', () => {
    type Entry = { method: string; path: string; handler: unknown };
    const routes = t.app.routes as Entry[];
    // A router with its own onError has its handlers wrapped by Hono, which keeps the original here.
    const unwrap = (handler: unknown): Record<string | symbol, unknown> => {
      const h = handler as Record<string | symbol, unknown>;
      return h.__COMPOSED_HANDLER ? unwrap(h.__COMPOSED_HANDLER) : h;
    };
    const marked = routes.filter((r) => unwrap(r.handler)[IDEMPOTENT] === true);
    // `/x/*` also matches `/x` itself.
    const covers = (mw: Entry, route: Entry) =>
      (mw.method === 'ALL' || mw.method === route.method) &&
      (mw.path === route.path || (mw.path.endsWith('/*') && (route.path.startsWith(mw.path.slice(0, -1)) || route.path === mw.path.slice(0, -2))));
    const writes = [...new Map(routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.path.startsWith('/api/v1/')).map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(writes.length).toBeGreaterThan(40);
    const missing = writes.filter((route) => !EXEMPT.some(([pattern]) => pattern.test(route.path)) && !marked.some((mw) => covers(mw, route)));
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('walks the app again by behaviour: every such write, sent twice with one key, answers the second time from the first (Idempotent-Replayed)', async () => {
    // Not only wired: the middleware runs before the route's own checks, so any answer it gives is stored and a
    // repeat never reaches the handler. Path ids are an id nobody owns and the body is empty, so nothing is changed;
    // a route added later is walked without being listed here.
    const owner = await signUpVerified(t);
    const routes = t.app.routes as Array<{ method: string; path: string }>;
    const writes = [...new Set(routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.path.startsWith('/api/v1/') && !r.path.includes('*')).map((r) => `${r.method} ${r.path}`))];
    const checked: string[] = [];
    const ignored: string[] = [];
    let n = 0;
    for (const route of writes) {
      const [method, path] = route.split(' ') as [string, string];
      if (EXEMPT.some(([pattern]) => pattern.test(path))) continue;
      const url = path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const key = `walk-${n++}-${owner.userId}`;
      const first = await call(t.app, method, url, {}, owner.token, { 'Idempotency-Key': key });
      const again = await call(t.app, method, url, {}, owner.token, { 'Idempotency-Key': key });
      // A 5xx (a service not set up here) is not stored by design: nothing was applied, so a repeat runs again.
      if (first.status >= 500) continue;
      checked.push(route);
      if (again.headers.get('idempotent-replayed') !== 'true' || again.status !== first.status) ignored.push(`${route} → ${first.status}, then ${again.status}`);
    }
    expect(ignored).toEqual([]);
    // Including the routes added after the middleware was written.
    for (const area of ['/email/campaigns/', '/text/', '/sequences', '/ask/', '/video/', '/audio/', '/team/', '/customers/']) {
      expect(checked.some((route) => route.includes(area))).toBe(true);
    }
    expect(checked.length).toBeGreaterThan(60);
  }, 120_000);

  it('a segment and an Ask question sent twice with one key are made once', async () => {
    const owner = await signUpVerified(t);
    const definition = { type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 1 }] };
    const segment = { segmentation_title: 'Regulars', definition };
    const segKey = `segment-${owner.userId}`;
    const a = await call(t.app, 'POST', '/api/v1/segments', segment, owner.token, { 'Idempotency-Key': segKey });
    const b = await call(t.app, 'POST', '/api/v1/segments', segment, owner.token, { 'Idempotency-Key': segKey });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    const segments = await t.deps.db.selectFrom('segments').select('id').where('user_id', '=', owner.userId).execute();
    expect(segments.length).toBe(1);

    const askKey = `ask-${owner.userId}`;
    const question = { query: 'How many customers do I have?' };
    const first = await call(t.app, 'POST', '/api/v1/ask/messages', question, owner.token, { 'Idempotency-Key': askKey });
    const second = await call(t.app, 'POST', '/api/v1/ask/messages', question, owner.token, { 'Idempotency-Key': askKey });
    expect(first.status).toBeLessThan(300);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const conversations = await call(t.app, 'GET', '/api/v1/ask/conversations', undefined, owner.token);
    expect(conversations.body.conversations).toHaveLength(1);
    expect(conversations.body.conversations[0].messages).toHaveLength(1);
  });

  it('customer-manual: two identical POSTs with one key create one customer, the second replays the first answer', async () => {
    const owner = await signUpVerified(t);
    const body = { given_name: 'Guest', family_name: 'Retry', email_address: 'guest.retry@example.com', email_consent: true, consent_source: 'in person' };
    const key = `customer-${Date.now()}`;
    const first = await call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', body, owner.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const second = await call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', body, owner.token, { 'Idempotency-Key': key });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const rows = await t.deps.db.selectFrom('customers').select('id').where('user_id', '=', owner.userId).execute();
    expect(rows.length).toBe(1);
    // The same key with another body is refused, not applied.
    const other = await call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', { ...body, email_address: 'someone.else@example.com' }, owner.token, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
  });
});
