import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/features/push/notify.ts';
import { decryptPush, readVapid, startFakePushService, type FakePushService, type TestSubscription } from '../fakes/push-service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// Web Push against a local push service: the request it receives is encrypted for the subscription (decrypted
// here with the subscription's own keys) and signed with the server's VAPID key; a 410 removes the subscription.

describe('push notifications', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let push: FakePushService;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_FROM: 'Mise <hello@mise.test>' });
    owner = await signUpVerified(t);
    other = await signUpVerified(t, { name: 'Other Owner' });
    push = await startFakePushService();
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });

  const subscribe = (subscription: TestSubscription, token = owner.token) =>
    call(t.app, 'POST', '/api/v1/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys }, token, { Origin: 'http://localhost' });
  const rows = (userId = owner.userId) => t.deps.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
  const importCsv = () => {
    const form = new FormData();
    form.append('file', new Blob(['First Name,Email Address\r\nMaya,maya@example.com\r\n'], { type: 'text/csv' }), 'customers.csv');
    return call(t.app, 'POST', '/api/v1/customers/auto/customer-by-csv', form, owner.token, { Origin: 'http://localhost' });
  };

  it('gives the VAPID public key generated into DATA_DIR on first use, the same on every call', async () => {
    const first = await call(t.app, 'GET', '/api/v1/push/key', undefined, owner.token);
    expect(first.status).toBe(200);
    const stored = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(first.body.publicKey).toBe(stored.publicKey);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await call(t.app, 'GET', '/api/v1/push/key', undefined, owner.token)).body.publicKey).toBe(stored.publicKey);
    expect((await call(t.app, 'GET', '/api/v1/push/key')).status).toBe(401);
  });

  it('refuses a subscription without keys, naming the field', async () => {
    const res = await call(t.app, 'POST', '/api/v1/push/subscriptions', { endpoint: `${push.origin}/x` }, owner.token, { Origin: 'http://localhost' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('keys');
  });

  it('a CSV import finishing pushes an encrypted, VAPID-signed message the subscription can read', async () => {
    const phone = push.subscription('/send/phone-1');
    expect((await subscribe(phone)).status).toBe(201);
    expect((await subscribe(phone)).status).toBe(201); // twice: still one device
    expect(await rows()).toHaveLength(1);

    const before = push.received.length;
    expect((await importCsv()).status).toBe(200);
    await expect.poll(() => push.received.length).toBe(before + 1);
    const message = push.received.at(-1)!;
    expect(message.path).toBe('/send/phone-1');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBe(86400);
    expect(message.headers.urgency).toBe('normal');

    const vapid = readVapid(message.headers.authorization);
    expect(vapid.valid).toBe(true);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toBe('mailto:hello@mise.test');
    expect(vapid.expiresInSeconds).toBeGreaterThan(0);
    expect(vapid.expiresInSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(vapid.publicKey).toBe((await call(t.app, 'GET', '/api/v1/push/key', undefined, owner.token)).body.publicKey);

    const payload = JSON.parse(decryptPush(message.body, phone)) as Record<string, string>;
    expect(payload).toEqual({ kind: 'importFinished', title: 'Customer import finished', body: 'Imported 1 new, updated 0, skipped 0.', url: '/customers', tag: 'csv-import' });
    // Another device's keys cannot read it.
    expect(() => decryptPush(message.body, push.subscription('/send/someone-else'))).toThrow();
  });

  it('a subscription the push service answers 410 or 404 for is removed; the others still get it', async () => {
    const gone = push.subscription('/gone/old-phone');
    const missing = push.subscription('/missing/old-tablet');
    await subscribe(gone);
    await subscribe(missing);
    expect(await rows()).toHaveLength(3);
    const outcome = await notify(t.deps, owner.userId, 'videoReady', { title: 'Your video is ready', body: 'Fish tacos are back', url: '/edit-concept/video/1' });
    expect(outcome).toEqual({ sent: 1, removed: 2 });
    expect((await rows()).map((row) => row.endpoint)).toEqual([`${push.origin}/send/phone-1`]);
  });

  it('a kind switched off in Notification settings sends nothing', async () => {
    const off = await call(t.app, 'POST', `/api/v1/users/notifications/${owner.userId}`, { importFinished: false }, owner.token, { Origin: 'http://localhost', 'Idempotency-Key': crypto.randomUUID() });
    expect(off.status).toBe(200);
    const before = push.received.length;
    expect(await notify(t.deps, owner.userId, 'importFinished', { title: 'x', body: 'y', url: '/' })).toEqual({ sent: 0, removed: 0 });
    expect(push.received.length).toBe(before);
    await call(t.app, 'POST', `/api/v1/users/notifications/${owner.userId}`, { importFinished: true }, owner.token, { Origin: 'http://localhost', 'Idempotency-Key': crypto.randomUUID() });
  });

  it("another owner cannot remove this device's subscription; its owner can", async () => {
    const endpoint = `${push.origin}/send/phone-1`;
    expect((await call(t.app, 'DELETE', '/api/v1/push/subscriptions', { endpoint }, other.token, { Origin: 'http://localhost' })).status).toBe(200);
    expect(await rows()).toHaveLength(1);
    expect((await call(t.app, 'DELETE', '/api/v1/push/subscriptions', { endpoint }, owner.token, { Origin: 'http://localhost' })).status).toBe(200);
    expect(await rows()).toHaveLength(0);
  });

  it('signing out removes the subscription of that device only', async () => {
    const second = await call(t.app, 'POST', '/api/v1/auth/signin', { email: owner.email, password: owner.password, userType: 'regular' });
    expect(second.status).toBe(200);
    const secondToken = (second.body.token ?? second.body.data?.token) as string;
    await subscribe(push.subscription('/send/phone-a'));
    await subscribe(push.subscription('/send/phone-b'), secondToken);
    expect(await rows()).toHaveLength(2);
    expect((await call(t.app, 'POST', '/api/v1/auth/signout', undefined, secondToken, { Origin: 'http://localhost' })).status).toBe(200);
    expect((await rows()).map((row) => row.endpoint)).toEqual([`${push.origin}/send/phone-a`]);
  });
});
