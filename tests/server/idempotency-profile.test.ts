import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { profileFeature } from '../../server/features/profile/profile.feature.ts';
import { newSessionToken, sha256 } from '../../server/lib/crypto.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The writes the outbox sends today (notification switches, the profile form) opt into Idempotency-Key
// in their own router: a repeat is answered from the store and changes nothing again.
let t: TestApp;
// Browsers send Origin with a multipart post; the CSRF check requires it.
const SAME_ORIGIN = { Origin: 'http://localhost' };

async function createUser() {
  const user = await t.deps.db
    .insertInto('users')
    .values({ name: 'Rosa Martinez', email: `${randomUUID()}@cafe.test`, verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  await t.deps.db.insertInto('sessions').values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 86400_000) }).execute();
  return { id: user.id, token };
}

const updatedAt = async (id: string) => (await t.deps.db.selectFrom('users').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Idempotency-Key on the users writes', () => {
  it('a repeated notification switch is replayed, not applied again', async () => {
    const user = await createUser();
    const key = randomUUID();
    const path = `/api/v1/users/notifications/${user.id}`;
    const first = await call(t.app, 'POST', path, { weeklySummary: false }, user.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.body.notifications.weeklySummary).toBe(false);
    const stamp = await updatedAt(user.id);

    // Meanwhile the owner turns it back on from another device…
    await call(t.app, 'POST', path, { weeklySummary: true }, user.token);
    const afterOther = await updatedAt(user.id);
    expect(afterOther.getTime()).toBeGreaterThanOrEqual(stamp.getTime());
    // …and the phone's outbox resends its old write: same answer, and it does not undo the newer change.
    const again = await call(t.app, 'POST', path, { weeklySummary: false }, user.token, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await updatedAt(user.id)).getTime()).toBe(afterOther.getTime());
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, user.token);
    expect(me.body.notifications.weeklySummary).toBe(true);
    const rows = await t.deps.db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ key, status_code: 200 }]);
  });

  it('a repeated profile form (rebuilt multipart) is replayed; the same key with other fields is refused', async () => {
    const user = await createUser();
    const key = randomUUID();
    const path = `/api/v1/users/update-profile/${user.id}`;
    const form = (name: string) => {
      const body = new FormData();
      body.set('name', name);
      body.set('phoneNumber', '+14155550123');
      return body;
    };
    const first = await call(t.app, 'POST', path, form('Rosa M'), user.token, { ...SAME_ORIGIN, 'Idempotency-Key': key });
    expect(first).toMatchObject({ status: 200, body: { name: 'Rosa M', phoneNumber: '+14155550123' } });
    const stamp = await updatedAt(user.id);
    const again = await call(t.app, 'POST', path, form('Rosa M'), user.token, { ...SAME_ORIGIN, 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await updatedAt(user.id)).getTime()).toBe(stamp.getTime());
    const other = await call(t.app, 'POST', path, form('Someone else'), user.token, { ...SAME_ORIGIN, 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, user.token);
    expect(me.body.user.name).toBe('Rosa M');
  });

  it('a refused write (bad input) is answered the same way again; another owner’s id stays 404', async () => {
    const user = await createUser();
    const key = randomUUID();
    const path = `/api/v1/users/notifications/${user.id}`;
    const bad = await call(t.app, 'POST', path, { nope: true }, user.token, { 'Idempotency-Key': key });
    expect(bad.status).toBe(400);
    const again = await call(t.app, 'POST', path, { nope: true }, user.token, { 'Idempotency-Key': key });
    expect(again).toMatchObject({ status: 400, body: bad.body });
    const other = await createUser();
    const foreign = await call(t.app, 'POST', `/api/v1/users/notifications/${other.id}`, { weeklySummary: false }, user.token, {
      'Idempotency-Key': randomUUID(),
    });
    expect(foreign.status).toBe(404);
  });

  it('without a session the key does not matter: 401', async () => {
    const user = await createUser();
    const response = await call(t.app, 'POST', `/api/v1/users/notifications/${user.id}`, { weeklySummary: false }, undefined, {
      'Idempotency-Key': randomUUID(),
    });
    expect(response.status).toBe(401);
  });
});

describe('one session query per request', () => {
  it('an idempotent route identifies the caller once, first run and replay alike', async () => {
    const user = await createUser();
    // The same app and database, with every query that reads the sessions table counted.
    let sessionQueries = 0;
    const counting = t.deps.db.withPlugin({
      transformQuery: (args) => {
        const node = args.node as { kind: string; from?: { froms: { table?: { identifier?: { name: string } } }[] } };
        if (node.kind === 'SelectQueryNode' && node.from?.froms.some((from) => from.table?.identifier?.name === 'sessions')) sessionQueries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const app = createApp({ ...t.deps, db: counting }, { features: [profileFeature] });
    const key = randomUUID();
    const path = `/api/v1/users/notifications/${user.id}`;
    const first = await call(app, 'POST', path, { weeklySummary: false }, user.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(sessionQueries).toBe(1);
    const replay = await call(app, 'POST', path, { weeklySummary: false }, user.token, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(sessionQueries).toBe(2);
  });
});
