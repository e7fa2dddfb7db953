import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, testEmail } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { AUTH_LIMITS } from '../../server/features/auth/auth.limits.ts';

describe('rate limits on the auth endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so each test can speak from its own address.
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'X-Forwarded-For': `203.0.113.77, ${ip}` });

  it('limits sign-in attempts per email (429 with Retry-After), leaving other emails alone', async () => {
    const account = await signUpVerified(t);
    const other = await signUpVerified(t);
    const { limit } = AUTH_LIMITS.signin.perEmail;
    for (let i = 0; i < limit; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/signin', { email: account.email, password: 'wrong-password', userType: 'regular' }, undefined, from(`198.51.100.${i}`));
      expect(res.status).toBe(401);
    }
    const blocked = await call(t.app, 'POST', '/api/v1/auth/signin', { email: account.email, password: account.password, userType: 'regular' }, undefined, from('198.51.100.200'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const otherEmail = await call(t.app, 'POST', '/api/v1/auth/signin', { email: other.email, password: other.password, userType: 'regular' }, undefined, from('198.51.100.201'));
    expect(otherEmail.status).toBe(200);

    t.advance(retryAfter * 1000);
    const later = await call(t.app, 'POST', '/api/v1/auth/signin', { email: account.email, password: account.password, userType: 'regular' }, undefined, from('198.51.100.202'));
    expect(later.status).toBe(200);
  });

  it('limits attempts per IP across many emails, even malformed ones, leaving other addresses alone', async () => {
    const { limit } = AUTH_LIMITS.verifyAccount.perIp;
    const ip = '192.0.2.10';
    for (let i = 0; i < limit; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/verify-account', { otp: '123456', email: testEmail('guess'), userType: 'regular' }, undefined, from(ip));
      expect(res.status).toBe(400);
    }
    const blocked = await call(t.app, 'POST', '/api/v1/auth/verify-account', { otp: 'x' }, undefined, from(ip));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await call(t.app, 'POST', '/api/v1/auth/verify-account', { otp: '123456', email: testEmail('guess'), userType: 'regular' }, undefined, from('192.0.2.11'));
    expect(elsewhere.status).toBe(400);
  });

  it('limits reset-code requests per email', async () => {
    const email = testEmail('reset');
    const { limit } = AUTH_LIMITS.requestOtp.perEmail;
    for (let i = 0; i < limit; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'reset_password' }, undefined, from(`192.0.2.${100 + i}`));
      expect(res.status).toBe(200);
      t.advance(61_000);
    }
    const blocked = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'reset_password' }, undefined, from('192.0.2.250'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});
