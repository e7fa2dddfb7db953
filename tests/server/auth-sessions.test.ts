import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

const SIGNIN = '/api/v1/auth/signin';
const SIGNOUT = '/api/v1/auth/signout';
const ME = '/api/v1/users/me';
// A body-less POST counts as a form post for the CSRF check; browsers send Origin with it.
const SAME_ORIGIN = { Origin: 'http://localhost' };

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_DAYS: '30' });
  });
  afterAll(() => t.close());

  it('stores only a hash of the bearer token', async () => {
    const account = await signUpVerified(t);
    const rows = await t.deps.db.selectFrom('sessions').select('token_hash').where('user_id', '=', account.userId).execute();
    expect(rows.length).toBe(1);
    expect(rows[0]!.token_hash).not.toContain(account.token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs out the calling session only', async () => {
    const account = await signUpVerified(t);
    const second = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    const out = await call(t.app, 'POST', SIGNOUT, undefined, account.token, SAME_ORIGIN);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });
    expect((await call(t.app, 'GET', ME, undefined, account.token)).status).toBe(401);
    expect((await call(t.app, 'GET', ME, undefined, second.body.token)).status).toBe(200);
  });

  it('lets an unverified owner sign out too', async () => {
    const account = await signUp(t);
    expect((await call(t.app, 'POST', SIGNOUT, undefined, account.token, SAME_ORIGIN)).status).toBe(200);
    expect((await call(t.app, 'GET', ME, undefined, account.token)).status).toBe(401);
  });

  it('ends a session after SESSION_TTL_DAYS', async () => {
    const account = await signUpVerified(t);
    t.advance(29 * 24 * 3600 * 1000);
    expect((await call(t.app, 'GET', ME, undefined, account.token)).status).toBe(200);
    t.advance(2 * 24 * 3600 * 1000);
    const res = await call(t.app, 'GET', ME, undefined, account.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Your session has ended. Please sign in again.', code: 'unauthenticated' });
  });

  it('refuses a missing, malformed or made-up token with 401', async () => {
    expect((await call(t.app, 'GET', ME)).status).toBe(401);
    expect((await call(t.app, 'GET', ME, undefined, undefined, { Authorization: 'Basic abc' })).status).toBe(401);
    expect((await call(t.app, 'GET', ME, undefined, 'not-a-real-token')).status).toBe(401);
  });
});
