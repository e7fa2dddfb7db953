import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEmail } from '../helpers/accounts.ts';
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

  // Sign-in is throttled per (account, client) and per account, never locked per email alone:
  // tests/server/security-signin-throttle.test.ts.

  it('limits code requests per (email, client) first, so one client cannot use up the address', async () => {
    const email = testEmail('codes');
    const { limit, windowSeconds } = AUTH_LIMITS.requestOtp.perEmailClient;
    // Start at the beginning of a fixed window, so the requests (a minute apart) all fall in one whatever the hour.
    const windowMs = windowSeconds * 1000;
    t.advance(windowMs - (t.deps.now().getTime() % windowMs) + 1000);
    for (let i = 0; i < limit; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'verification' }, undefined, from('192.0.2.60'));
      expect(res.status).toBe(200);
      t.advance(61_000);
    }
    const blocked = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'verification' }, undefined, from('192.0.2.60'));
    expect(blocked.status).toBe(429);
    const elsewhere = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'verification' }, undefined, from('192.0.2.61'));
    expect(elsewhere.status).toBe(200);
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
    const { limit, windowSeconds } = AUTH_LIMITS.requestOtp.perEmail;
    // Start at the beginning of a fixed window, so the requests (a minute apart) all fall in one.
    const windowMs = windowSeconds * 1000;
    const now = t.deps.now().getTime();
    t.advance(windowMs - (now % windowMs) + 1000);
    for (let i = 0; i < limit; i++) {
      // From many addresses: the per-email ceiling bounds the codes (and mail) one inbox gets.
      const res = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'reset_password' }, undefined, from(`192.0.2.${100 + i}`));
      expect(res.status).toBe(200);
      t.advance(61_000);
    }
    const blocked = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email, userType: 'regular', otpType: 'reset_password' }, undefined, from('192.0.2.250'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});
