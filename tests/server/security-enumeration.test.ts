import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified, testEmail } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21 §2: every "does this account exist" question gets one answer.
describe('no answer tells whether an email has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Retry-After counts seconds: two answers a real second apart would differ by one.
    t.freeze();
  }, 180_000);
  afterAll(() => t.close());

  /**
   * Status, body and every header, for a byte-for-byte comparison. Only the request id and the date may differ
   * between two requests; everything else (content type and length, caching, Retry-After …) must be the same.
   */
  const PER_REQUEST = new Set(['x-request-id', 'date']);
  const answer = (res: Awaited<ReturnType<typeof call>>) => ({
    status: res.status,
    body: JSON.stringify(res.body),
    headers: [...res.headers.entries()].filter(([name]) => !PER_REQUEST.has(name)).sort(([a], [b]) => a.localeCompare(b)),
  });
  /** An address nobody has, as long as `email` (so an answer that carries the address is as long too). */
  const unknownLike = (email: string) => `z${email.slice(1)}`;
  const post = (path: string, body: unknown) => call(t.app, 'POST', `/api/v1/auth/${path}`, body);
  const wrongReset = (email: string) => post('reset-password', { email, otp: '000000', password: 'another-password-1', confirmPassword: 'another-password-1', userType: 'regular' });
  const wrongVerify = (email: string) => post('verify-account', { email, otp: '000000', userType: 'regular' });
  const requestCode = (email: string, otpType: 'verification' | 'reset_password') => post('request-otp', { email, userType: 'regular', otpType });

  it('reset-password with a wrong code: the same answer for a known and an unknown email, with or without a code asked for', async () => {
    const known = await signUpVerified(t);
    const unknown = unknownLike(known.email);
    expect(answer(await wrongReset(known.email))).toEqual(answer(await wrongReset(unknown)));

    expect(answer(await requestCode(known.email, 'reset_password'))).toEqual(answer(await requestCode(unknown, 'reset_password')));
    for (let i = 0; i < 6; i++) {
      const a = answer(await wrongReset(known.email));
      const b = answer(await wrongReset(unknown));
      expect(a).toEqual(b);
      expect(a.status).toBe(400);
    }
    // The real code, after five wrong ones, is void for the account too (the answer did not lie).
    expect((await post('reset-password', { email: known.email, otp: t.mailer.lastCodeFor(known.email), password: 'another-password-1', confirmPassword: 'another-password-1', userType: 'regular' })).status).toBe(400);
  });

  it('verify-account with a wrong code: a verified, an unverified and an unknown email answer alike', async () => {
    const verified = await signUpVerified(t);
    const unverified = await signUp(t);
    const unknown = testEmail('nobody');
    // No code asked for in the last ten minutes (the sign-up code has lapsed).
    t.advance(11 * 60_000);
    const first = [verified.email, unverified.email, unknown].map(async (email) => answer(await wrongVerify(email)));
    const [a, b, c] = await Promise.all(first);
    expect(a).toEqual(c);
    expect(b).toEqual(c);

    for (const email of [verified.email, unverified.email, unknown]) expect((await requestCode(email, 'verification')).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const v = answer(await wrongVerify(verified.email));
      const u = answer(await wrongVerify(unverified.email));
      const n = answer(await wrongVerify(unknown));
      expect(v).toEqual(n);
      expect(u).toEqual(n);
      expect(n.status).toBe(400);
    }
  });

  it('forgot password (asking for a reset code), twice in a row: the same answers, the cooldown included', async () => {
    const known = await signUpVerified(t);
    const unknown = unknownLike(known.email);
    t.advance(61_000);
    const first = [answer(await requestCode(known.email, 'reset_password')), answer(await requestCode(unknown, 'reset_password'))];
    expect(first[0]).toEqual(first[1]);
    expect(first[0]!.status).toBe(200);
    const again = [answer(await requestCode(known.email, 'reset_password')), answer(await requestCode(unknown, 'reset_password'))];
    expect(again[0]).toEqual(again[1]);
    expect(again[0]!.status).toBe(429);
    // Only the account's mailbox got a code.
    expect(t.mailer.sent.filter((m) => m.to === unknown)).toEqual([]);
    expect(t.mailer.lastCodeFor(known.email)).toMatch(/^\d{6}$/);
  });

  it('sign-in with a wrong password: the same answer for a known and an unknown email', async () => {
    const known = await signUpVerified(t);
    const unknown = unknownLike(known.email);
    const wrong = (email: string) => post('signin', { email, password: 'not-the-password', userType: 'regular' });
    const a = answer(await wrong(known.email));
    expect(a).toEqual(answer(await wrong(unknown)));
    expect(a.status).toBe(401);
  });

  it('verify pressed twice with the code that verified the account is still not an error', async () => {
    const account = await signUp(t);
    const code = t.mailer.lastCodeFor(account.email);
    expect((await post('verify-account', { email: account.email, otp: code, userType: 'regular' })).status).toBe(200);
    const again = await post('verify-account', { email: account.email, otp: code, userType: 'regular' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'Account verified' });
  });

  it('sign-up of a known email answers like a new one and mails the owner instead of creating anything', async () => {
    const known = await signUpVerified(t);
    const fresh = unknownLike(known.email);
    const shape = (res: Awaited<ReturnType<typeof call>>) => ({
      ...answer(res),
      body: JSON.stringify({ ...res.body, userId: typeof res.body.userId, token: typeof res.body.token, email: typeof res.body.email }),
    });
    t.advance(61_000);
    const before = t.mailer.sent.length;
    const a = await post('signup', { name: 'Rosa Martinez', email: known.email, password: 'whatever-password', userType: 'regular' });
    const b = await post('signup', { name: 'Rosa Martinez', email: fresh, password: 'whatever-password', userType: 'regular' });
    expect(shape(a)).toEqual(shape(b));
    expect(a.status).toBe(201);
    expect(a.body.email).toBe(known.email);
    expect(a.body.userId).not.toBe(known.userId);

    const mails = t.mailer.sent.slice(before);
    expect(mails.find((m) => m.to === known.email)?.subject).toBe('Someone tried to create a Mise account with your email');
    expect(mails.find((m) => m.to === fresh)?.subject).toMatch(/^Your Mise verification code: \d{6}$/);

    // The token handed back for the known address opens nothing; the owner's password is unchanged.
    expect((await call(t.app, 'GET', '/api/v1/users/me', undefined, a.body.token)).status).toBe(401);
    expect((await post('signin', { email: known.email, password: known.password, userType: 'regular' })).status).toBe(200);
    expect((await post('signin', { email: known.email, password: 'whatever-password', userType: 'regular' })).status).toBe(401);
  });

  it('sign-up of a known but unverified email mails a fresh verification code, so the owner can finish', async () => {
    const pending = await signUp(t);
    t.advance(61_000);
    const res = await post('signup', { name: 'Rosa Martinez', email: pending.email, password: 'whatever-password', userType: 'regular' });
    expect(res.status).toBe(201);
    const code = t.mailer.lastCodeFor(pending.email);
    expect((await post('verify-account', { email: pending.email, otp: code, userType: 'regular' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/users/me', undefined, pending.token)).status).toBe(200);
  });
});
