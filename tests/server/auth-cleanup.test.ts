import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAccountsData } from '../../server/features/auth/auth.jobs.ts';
import { enforceRateLimit } from '../../server/lib/rate-limit.ts';
import { signUp, signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('accounts cleanup job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_DAYS: '2' });
  });
  afterAll(() => t.close());

  const count = async (table: 'sessions' | 'otp_codes' | 'otp_cooldowns' | 'rate_limits') =>
    (await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('drops ended sessions, old codes, cooldowns and rate-limit windows, and keeps live ones', async () => {
    const old = await signUpVerified(t);
    await signUp(t); // an unverified account with a live code
    await enforceRateLimit(t.deps, 'test:key', 10, 60);
    await pruneAccountsData(t.deps);
    expect(Number(await count('sessions'))).toBe(2);
    expect(Number(await count('otp_codes'))).toBe(2);

    t.advance(3 * 24 * 3600 * 1000);
    const fresh = await signUpVerified(t);
    await pruneAccountsData(t.deps);
    expect(Number(await count('sessions'))).toBe(1);
    expect(Number(await count('otp_codes'))).toBe(1);
    expect(Number(await count('otp_cooldowns'))).toBe(1);
    expect(Number(await count('rate_limits'))).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/v1/users/me', undefined, fresh.token)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/users/me', undefined, old.token)).status).toBe(401);
    const windows = await t.deps.db.selectFrom('rate_limits').select('key').execute();
    expect(windows.map((w) => w.key)).not.toContain('test:key');
  });
});
