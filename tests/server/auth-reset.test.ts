import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified, testEmail } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

const SIGNIN = '/api/v1/auth/signin';
const REQUEST_OTP = '/api/v1/auth/request-otp';
const RESET = '/api/v1/auth/reset-password';
const VERIFY = '/api/v1/auth/verify-account';
const ME = '/api/v1/users/me';

describe('codes: resend cooldown and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const requestOtp = (email: string, otpType: 'verification' | 'reset_password') =>
    call(t.app, 'POST', REQUEST_OTP, { email, userType: 'regular', otpType });

  it('holds a resend for 60 s after the last code (429 with Retry-After), then sends one that voids the older', async () => {
    const account = await signUp(t);
    const first = t.mailer.lastCodeFor(account.email);
    const early = await requestOtp(account.email, 'verification');
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(early.body.code).toBe('rate_limited');

    t.advance(30_000);
    const stillEarly = await requestOtp(account.email, 'verification');
    expect(Number(stillEarly.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    t.advance(31_000);
    const sent = await requestOtp(account.email, 'verification');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'OTP sent', retryAfterSeconds: 60 });
    const second = t.mailer.lastCodeFor(account.email);

    if (first !== second) {
      const old = await call(t.app, 'POST', VERIFY, { otp: first, email: account.email, userType: 'regular' });
      expect(old.status).toBe(400);
    }
    const res = await call(t.app, 'POST', VERIFY, { otp: second, email: account.email, userType: 'regular' });
    expect(res.status).toBe(200);
  });

  it('answers a reset request the same way whether or not the email has an account', async () => {
    const account = await signUpVerified(t);
    const sentBefore = t.mailer.sent.length;
    const stranger = testEmail('stranger');
    const known = await requestOtp(account.email, 'reset_password');
    const unknown = await requestOtp(stranger, 'reset_password');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    expect(t.mailer.sent.at(-1)!.subject).toMatch(/password reset code/);
    // The cooldown runs for unknown addresses too, so a quick second try does not tell them apart either.
    const knownAgain = await requestOtp(account.email, 'reset_password');
    const unknownAgain = await requestOtp(stranger, 'reset_password');
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body.code).toBe(knownAgain.body.code);
  });

  it('resets the password with the mailed code, ends every session and lets the new password in', async () => {
    const account = await signUpVerified(t);
    const otherDevice = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    expect(otherDevice.status).toBe(200);
    t.advance(61_000);
    expect((await requestOtp(account.email, 'reset_password')).status).toBe(200);
    const otp = t.mailer.lastCodeFor(account.email);

    const reset = await call(t.app, 'POST', RESET, { otp, email: account.email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass', userType: 'regular' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password has been reset successfully' });

    for (const token of [account.token, otherDevice.body.token]) {
      const me = await call(t.app, 'GET', ME, undefined, token);
      expect(me.status).toBe(401);
    }
    const oldPassword = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    expect(oldPassword.status).toBe(401);
    const newPassword = await call(t.app, 'POST', SIGNIN, { email: account.email, password: 'brand-new-pass', userType: 'regular' });
    expect(newPassword.status).toBe(200);

    const reused = await call(t.app, 'POST', RESET, { otp, email: account.email, password: 'third-password', confirmPassword: 'third-password', userType: 'regular' });
    expect(reused.status).toBe(400);
  });

  it('refuses a reset with a wrong code, or for an email with no account, without changing anything', async () => {
    const account = await signUpVerified(t);
    t.advance(61_000);
    await requestOtp(account.email, 'reset_password');
    const code = t.mailer.lastCodeFor(account.email);
    const wrong = await call(t.app, 'POST', RESET, {
      otp: code === '123456' ? '654321' : '123456',
      email: account.email,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
      userType: 'regular',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_code');
    // No code was asked for this address: the answer an account with no code gets too (tests/server/security-enumeration.test.ts).
    const nobody = await call(t.app, 'POST', RESET, { otp: code, email: testEmail('nobody'), password: 'brand-new-pass', confirmPassword: 'brand-new-pass', userType: 'regular' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.code).toBe('code_expired');
    const signin = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    expect(signin.status).toBe(200);
  });

  it('verifies the account through a reset, since the code proves the mailbox', async () => {
    const account = await signUp(t);
    t.advance(61_000);
    await requestOtp(account.email, 'reset_password');
    const res = await call(t.app, 'POST', RESET, {
      otp: t.mailer.lastCodeFor(account.email),
      email: account.email,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
      userType: 'regular',
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'POST', SIGNIN, { email: account.email, password: 'brand-new-pass', userType: 'regular' })).status).toBe(200);
  });

  it.each([
    [{ otp: '', password: 'long-enough', confirmPassword: 'long-enough' }, 'otp: Otp is required'],
    [{ otp: '123456', password: 'short', confirmPassword: 'short' }, 'password: Please set new password'],
    [{ otp: '123456', password: 'long-enough', confirmPassword: '' }, 'confirmPassword: Confirm your password'],
    [{ otp: '123456', password: 'long-enough', confirmPassword: 'different-one' }, 'confirmPassword: Passwords must match'],
  ])('answers a malformed reset with the spec message (%o)', async (fields, message) => {
    const res = await call(t.app, 'POST', RESET, { email: 'a@b.co', userType: 'regular', ...fields });
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
  });

  it('answers a request-otp with an unknown otpType with 400 naming it', async () => {
    const res = await call(t.app, 'POST', REQUEST_OTP, { email: 'a@b.co', userType: 'regular', otpType: 'magic' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain('otpType');
  });
});
