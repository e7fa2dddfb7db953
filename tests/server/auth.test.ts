import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified, testEmail } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

const SIGNUP = '/api/v1/auth/signup';
const SIGNIN = '/api/v1/auth/signin';
const VERIFY = '/api/v1/auth/verify-account';
const REQUEST_OTP = '/api/v1/auth/request-otp';
const ME = '/api/v1/users/me';
const MINUTE = 60_000;

describe('sign-up, verification and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up with the spec fields and mails a 6-digit code on a line of its own', async () => {
    const email = testEmail();
    const res = await call(t.app, 'POST', SIGNUP, { name: '  Rosa Martinez ', email: `  ${email.toUpperCase()} `, password: 'correct-horse-9', userType: 'regular' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userId: expect.any(String), token: expect.any(String), name: 'Rosa Martinez', email, phoneNumber: null });
    const mail = t.mailer.sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toMatch(/verification code/);
    expect(mail.text).toMatch(/^ {4}\d{6}$/m);
    expect(mail.html).toContain(t.mailer.lastCodeFor(email));
  });

  it('makes no second account for the same email, whatever its case, and answers as for a new one (no enumeration)', async () => {
    const account = await signUp(t);
    const res = await call(t.app, 'POST', SIGNUP, { name: 'Other', email: account.email.toUpperCase(), password: 'another-pass-1', userType: 'regular' });
    expect(res.status).toBe(201);
    expect(res.body.userId).not.toBe(account.userId);
    const rows = await t.deps.db.selectFrom('users').select('id').where('email', '=', account.email).execute();
    expect(rows.map((row) => row.id)).toEqual([account.userId]);
    expect((await call(t.app, 'GET', '/api/v1/users/me', undefined, res.body.token)).status).toBe(401);
  });

  it.each([
    [{ email: 'a@b.co', password: 'long-enough', userType: 'regular' }, 'name: Name is required'],
    [{ name: '', email: 'a@b.co', password: 'long-enough', userType: 'regular' }, 'name: Name is required'],
    [{ name: 'Rosa', password: 'long-enough', userType: 'regular' }, 'email: Email address is required'],
    [{ name: 'Rosa', email: 'not-an-email', password: 'long-enough', userType: 'regular' }, 'email: Enter a valid email address'],
    [{ name: 'Rosa', email: 'a@b.co', userType: 'regular' }, 'password: Password is required'],
    [{ name: 'Rosa', email: 'a@b.co', password: 'short', userType: 'regular' }, 'password: Password must be at least 8 characters'],
    [{ name: 42, email: 'a@b.co', password: 'long-enough', userType: 'regular' }, 'name: Name is required'],
    [{ name: 'Rosa', email: 'a@b.co', password: 'long-enough', userType: 'admin' }, 'userType:'],
  ])('answers a malformed sign-up with 400 naming the field (%o)', async (body, message) => {
    const res = await call(t.app, 'POST', SIGNUP, body);
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
    expect(res.body.code).toBe('validation');
  });

  it('answers broken JSON with 400, not 500', async () => {
    const res = await t.app.request(SIGNUP, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
  });

  it('lets the sign-up token reach only /users/me until the account is verified, then everywhere', async () => {
    const account = await signUp(t);
    const me = await call(t.app, 'GET', ME, undefined, account.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: account.userId, email: account.email, verified: false, displayName: 'Rosa' });

    const refused = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, { weeklySummary: false }, account.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your account is not verified yet. Enter the code we emailed you.', code: 'unverified' });

    const verify = await call(t.app, 'POST', VERIFY, { otp: t.mailer.lastCodeFor(account.email), email: account.email, userType: 'regular' });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ message: 'Account verified' });
    const allowed = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, { weeklySummary: false }, account.token);
    expect(allowed.status).toBe(200);
    expect((await call(t.app, 'GET', ME, undefined, account.token)).body.user.verified).toBe(true);
  });

  it('refuses to sign in an unverified account, says so, and mails a fresh code once the cooldown is over', async () => {
    const account = await signUp(t);
    const sentAfterSignup = t.mailer.sent.length;
    const early = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: 'Your account is not verified yet. Enter the code we emailed you.', code: 'unverified' });
    expect(t.mailer.sent.length).toBe(sentAfterSignup); // still within the 60 s cooldown of the sign-up mail

    t.advance(61_000);
    const later = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    expect(later.status).toBe(403);
    expect(t.mailer.sent.length).toBe(sentAfterSignup + 1);
    expect(t.mailer.sent.at(-1)!.to).toBe(account.email);
  });

  it('does not reveal an unverified account to someone with the wrong password', async () => {
    const account = await signUp(t);
    const res = await call(t.app, 'POST', SIGNIN, { email: account.email, password: 'wrong-password', userType: 'regular' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Incorrect email or password');
  });

  it('signs in a verified account with the spec fields', async () => {
    const account = await signUpVerified(t, { name: 'Ana Lucia Souza' });
    const res = await call(t.app, 'POST', SIGNIN, { email: account.email.toUpperCase(), password: account.password, userType: 'regular' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: account.userId,
      token: expect.any(String),
      name: 'Ana Lucia Souza',
      email: account.email,
      image: null,
      phoneNumber: null,
      activeSubscription: null,
      activeSubscriptionStart: null,
      activeSubscriptionEnd: null,
    });
    expect((await call(t.app, 'GET', ME, undefined, res.body.token)).body.user.displayName).toBe('Ana');
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const account = await signUpVerified(t);
    const wrong = await call(t.app, 'POST', SIGNIN, { email: account.email, password: 'not-the-password', userType: 'regular' });
    const unknown = await call(t.app, 'POST', SIGNIN, { email: testEmail('nobody'), password: 'not-the-password', userType: 'regular' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('counts wrong codes and voids the code after 5 wrong tries, even for the right code', async () => {
    const account = await signUp(t);
    const code = t.mailer.lastCodeFor(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', VERIFY, { otp: wrong, email: account.email, userType: 'regular' });
      expect(res.status).toBe(400);
      messages.push(res.body.error);
    }
    expect(messages[0]).toBe('That code is not right. 4 tries left.');
    expect(messages[3]).toBe('That code is not right. 1 try left.');
    expect(messages[4]).toMatch(/Too many wrong codes.*Request a new code/);
    const right = await call(t.app, 'POST', VERIFY, { otp: code, email: account.email, userType: 'regular' });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('code_locked');

    t.advance(61_000);
    const resend = await call(t.app, 'POST', REQUEST_OTP, { email: account.email, userType: 'regular', otpType: 'verification' });
    expect(resend.status).toBe(200);
    const fresh = await call(t.app, 'POST', VERIFY, { otp: t.mailer.lastCodeFor(account.email), email: account.email, userType: 'regular' });
    expect(fresh.status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const account = await signUp(t);
    const code = t.mailer.lastCodeFor(account.email);
    t.advance(10 * MINUTE + 1000);
    const res = await call(t.app, 'POST', VERIFY, { otp: code, email: account.email, userType: 'regular' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'This code has expired. Request a new code.', code: 'code_expired' });
  });

  it('answers a verification with no code, or a short one, with the spec message', async () => {
    const empty = await call(t.app, 'POST', VERIFY, { otp: '', email: 'a@b.co', userType: 'regular' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'Please input an otp', fields: { otp: 'Please input an otp' } });
    const short = await call(t.app, 'POST', VERIFY, { otp: '123', email: 'a@b.co', userType: 'regular' });
    expect(short.body).toMatchObject({ error: 'The code has 6 digits', fields: { otp: 'The code has 6 digits' } });
  });
});
