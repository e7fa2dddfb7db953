import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeClover, type FakeClover } from '../fakes/clover.ts';
import { startFakeSquare, type FakeSquare } from '../fakes/square.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { approveAt, cloverEnv, connect, connectionOf, posJobs, squareEnv } from './pos-helpers.ts';

const SAME_ORIGIN = { Origin: 'http://localhost' };

describe('POS connection (OAuth, status, disconnect)', () => {
  let square: FakeSquare;
  let clover: FakeClover;
  let t: TestApp;
  beforeAll(async () => {
    square = await startFakeSquare({ customers: 30, ordersPerCustomer: 2 });
    clover = await startFakeClover({ customers: 20, ordersPerCustomer: 2 });
    t = await createTestApp({ ...squareEnv(square), ...cloverEnv(clover) });
  });
  afterAll(async () => {
    await t.close();
    await square.close();
    await clover.close();
  });

  it('gives a Square authorize address with our client id, scopes, redirect and a state', async () => {
    const owner = await signUpVerified(t);
    const res = await call(t.app, 'GET', '/api/v1/square/authorize', undefined, owner.token);
    expect(res.status).toBe(200);
    const url = new URL(res.body.data);
    expect(url.origin + url.pathname).toBe(`${square.url}/oauth2/authorize`);
    expect(url.searchParams.get('client_id')).toBe('sq0idp-fake');
    expect(url.searchParams.get('scope')).toBe('CUSTOMERS_READ ORDERS_READ PAYMENTS_READ MERCHANT_PROFILE_READ');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/square_callback');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
  });

  it('connects Square: code exchanged, tokens sealed at rest, import queued, status reported', async () => {
    const owner = await signUpVerified(t);
    const res = await connect(t, owner, 'square');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Square connected/);
    const row = await connectionOf(t, owner.userId);
    expect(row).toMatchObject({ provider: 'square', merchant_id: square.merchantId, status: 'importing', progress: 0 });
    const grant = square.grants.at(-1)!;
    expect(row!.access_token_sealed).not.toContain(grant.accessToken);
    expect(row!.access_token_sealed).toMatch(/^v1\./);
    expect(row!.refresh_token_sealed).not.toContain(grant.refreshToken);

    const status = await call(t.app, 'GET', '/api/v1/pos/connection', undefined, owner.token);
    expect(status.body).toMatchObject({ pos_system: 'Square', progress: 0, id: row!.id });
    expect(status.body.providers.square).toMatchObject({ configured: true, state: 'connecting', merchant_id: square.merchantId });
    expect(status.body.providers.clover).toMatchObject({ configured: true, state: 'not_connected' });

    const account = await call(t.app, 'GET', '/api/v1/pos/account?pos_system=Square', undefined, owner.token);
    expect(account.body).toEqual({ id: row!.id, pos_system: 'Square' });
    expect((await call(t.app, 'GET', '/api/v1/pos/account?pos_system=Clover', undefined, owner.token)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/pos/account?pos_system=Toast', undefined, owner.token)).status).toBe(400);

    await posJobs(t).runDue();
    const progress = await call(t.app, 'GET', `/api/v1/pos/progress/${row!.id}`, undefined, owner.token);
    expect(progress.body).toMatchObject({ id: row!.id, pos_system: 'Square', state: 'connected', progress: 100 });

    // Connect is refused for Clover while Square is connected (spec §4).
    const cloverLogin = await call(t.app, 'GET', '/api/v1/clover/get-login-url', undefined, owner.token);
    expect(cloverLogin.status).toBe(409);
    expect(cloverLogin.body.error).toBe('Disconnect Square before connecting Clover');

    // Another owner cannot read this progress.
    const stranger = await signUpVerified(t);
    expect((await call(t.app, 'GET', `/api/v1/pos/progress/${row!.id}`, undefined, stranger.token)).status).toBe(404);
  });

  it('refuses a callback whose state is missing, forged, another owner’s, reused or expired', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const finish = (account: TestAccount, redirectUrl: string) => call(t.app, 'POST', '/api/v1/square/connect', { redirect_url: redirectUrl }, account.token);
    const login = await call(t.app, 'GET', '/api/v1/square/authorize', undefined, owner.token);
    const back = new URL(await approveAt(login.body.data));

    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect((await finish(owner, noState.toString())).status).toBe(400);
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(32));
    const forgedRes = await finish(owner, forged.toString());
    expect(forgedRes.status).toBe(400);
    expect(forgedRes.body.error).toBe('This Square sign-in could not be verified. Please press Connect again.');
    // The attacker's browser session is not the owner's: the state is bound to the owner who asked for it.
    expect((await finish(other, back.toString())).status).toBe(400);
    expect(await connectionOf(t, other.userId)).toBeUndefined();

    expect((await finish(owner, back.toString())).status).toBe(200);
    expect((await finish(owner, back.toString())).status).toBe(400); // used once

    const late = await signUpVerified(t);
    const lateLogin = await call(t.app, 'GET', '/api/v1/square/authorize', undefined, late.token);
    const lateBack = await approveAt(lateLogin.body.data);
    t.advance(16 * 60 * 1000);
    expect((await finish(late, lateBack)).status).toBe(400);
    expect(await connectionOf(t, late.userId)).toBeUndefined();
  });

  it('reports a denial, a bad redirect_url and a refused code', async () => {
    const owner = await signUpVerified(t);
    const denied = await call(t.app, 'POST', '/api/v1/square/connect', { redirect_url: 'http://localhost/square_callback?error=access_denied&error_description=user_denied&state=x' }, owner.token);
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe('Square access was not granted (user_denied)');
    const bad = await call(t.app, 'POST', '/api/v1/square/connect', { redirect_url: 'not a url' }, owner.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('redirect_url');

    const login = await call(t.app, 'GET', '/api/v1/square/authorize', undefined, owner.token);
    const back = new URL(await approveAt(login.body.data));
    back.searchParams.set('code', 'sq0cgp-made-up');
    const refused = await call(t.app, 'POST', '/api/v1/square/connect', { redirect_url: back.toString() }, owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Square did not accept this connection/);
  });

  it('disconnects Square with a revoke, and Clover by forgetting its tokens', async () => {
    const owner = await signUpVerified(t);
    await connect(t, owner, 'square');
    const connectionId = (await connectionOf(t, owner.userId))!.id;
    const grant = square.grants.at(-1)!;
    const res = await call(t.app, 'POST', '/api/v1/disconnect/square', undefined, owner.token, SAME_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Disconnected from Square');
    expect(grant.revoked).toBe(true);
    expect(square.calls.some((c) => c.path === '/oauth2/revoke' && c.auth === 'Client sq0csp-fake-secret')).toBe(true);
    expect(await connectionOf(t, owner.userId)).toBeUndefined();
    // The queued import is cancelled with it.
    const jobs = await t.deps.db.selectFrom('jobs').select('status').where('name', '=', 'pos.import').where('singleton_key', '=', connectionId).execute();
    expect(jobs).toEqual([{ status: 'cancelled' }]);
    expect((await call(t.app, 'POST', '/api/v1/disconnect/square', undefined, owner.token, SAME_ORIGIN)).status).toBe(404);

    const cloverRes = await connect(t, owner, 'clover');
    expect(cloverRes.status).toBe(200);
    expect(await connectionOf(t, owner.userId)).toMatchObject({ provider: 'clover', merchant_id: clover.merchantId });
    const before = clover.calls.length;
    expect((await call(t.app, 'POST', '/api/v1/disconnect/clover', undefined, owner.token, SAME_ORIGIN)).body.message).toBe('Disconnected from Clover');
    expect(clover.calls.length).toBe(before); // nothing to call: Clover has no revoke
    expect(await connectionOf(t, owner.userId)).toBeUndefined();
    expect((await call(t.app, 'POST', '/api/v1/disconnect/toast', undefined, owner.token, SAME_ORIGIN)).status).toBe(404);
  });

  it('checks the Clover merchant and client id from the callback address', async () => {
    const owner = await signUpVerified(t);
    const login = await call(t.app, 'GET', '/api/v1/clover/get-login-url', undefined, owner.token);
    expect(new URL(login.body.data).origin + new URL(login.body.data).pathname).toBe(`${clover.url}/oauth/v2/authorize`);
    const back = new URL(await approveAt(login.body.data));
    expect([...back.searchParams.keys()].sort()).toEqual(['client_id', 'code', 'employee_id', 'merchant_id', 'state']);
    const otherMerchant = new URL(back);
    otherMerchant.searchParams.set('merchant_id', 'MSOMEONEELSE');
    const res = await call(t.app, 'POST', '/api/v1/clover/connect', { redirect_url: otherMerchant.toString() }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Clover did not accept this connection/);
    expect(await connectionOf(t, owner.userId)).toBeUndefined();
  });

  it('says when a provider is not set up on this server', async () => {
    const bare = await createTestApp();
    try {
      const owner = await signUpVerified(bare);
      const status = await call(bare.app, 'GET', '/api/v1/pos/connection', undefined, owner.token);
      expect(status.body.providers.square).toMatchObject({ configured: false, state: 'not_connected' });
      // The owner reads what they can do; the variable names are for the operator (start-up summary, README).
      expect(status.body.providers.square.setup_hint).toBe("Square isn't available on this Mise yet: import a CSV export of your customers instead.");
      expect(status.body.providers.square.setup_hint).not.toMatch(/[A-Z]+_[A-Z]+/);
      const login = await call(bare.app, 'GET', '/api/v1/square/authorize', undefined, owner.token);
      expect(login.status).toBe(503);
      expect(login.body.error).toMatch(/^Square isn't available on this Mise yet/);
    } finally {
      await bare.close();
    }
  });
});

describe('Clover without a state echo', () => {
  it('finishes with the owner’s pending attempt, and refuses when there is none', async () => {
    const clover = await startFakeClover({ customers: 5, echoState: false });
    const t = await createTestApp(cloverEnv(clover));
    try {
      const owner = await signUpVerified(t);
      const login = await call(t.app, 'GET', '/api/v1/clover/get-login-url', undefined, owner.token);
      const back = await approveAt(login.body.data);
      expect(new URL(back).searchParams.has('state')).toBe(false);
      const stranger = await signUpVerified(t);
      expect((await call(t.app, 'POST', '/api/v1/clover/connect', { redirect_url: back }, stranger.token)).status).toBe(400);
      expect((await call(t.app, 'POST', '/api/v1/clover/connect', { redirect_url: back }, owner.token)).status).toBe(200);
    } finally {
      await t.close();
      await clover.close();
    }
  });
});
