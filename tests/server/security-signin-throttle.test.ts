import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ACCOUNT_CEILING_MESSAGE, recordSigninFailure, SIGNIN_THROTTLE } from '../../server/features/auth/signin-throttle.ts';

// Issue 21 §1: wrong passwords slow the guesser without locking the owner out.
describe('sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so each request can speak from its own address.
    t = await createTestApp({ TRUST_PROXY: '1' });
    // The waits are seconds long: on a slow machine real seconds would pass between two tries and let one through.
    t.freeze();
  }, 180_000);
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'X-Forwarded-For': `203.0.113.77, ${ip}` });
  const signin = (email: string, password: string, ip: string) =>
    call(t.app, 'POST', '/api/v1/auth/signin', { email, password, userType: 'regular' }, undefined, from(ip));

  it('slows one client with growing delays while the owner, on another client, still gets in', async () => {
    const owner = await signUpVerified(t);
    const attacker = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signin(owner.email, 'wrong-password', attacker)).status);
    // The free tries answer 401; then the attacker has to wait before each guess.
    expect(statuses.slice(0, SIGNIN_THROTTLE.CLIENT_FREE_FAILURES)).toEqual(Array(SIGNIN_THROTTLE.CLIENT_FREE_FAILURES).fill(401));
    expect(statuses.slice(SIGNIN_THROTTLE.CLIENT_FREE_FAILURES)).toContain(429);

    // The owner, elsewhere, is not locked out.
    const ownerIn = await signin(owner.email, owner.password, '203.0.113.9');
    expect(ownerIn.status).toBe(200);
    expect(ownerIn.body.token).toBeTruthy();

    // Each wait is longer than the one before (1 s, 2 s, 4 s …), whatever the password.
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const blocked = await signin(owner.email, owner.password, attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('rate_limited');
      const wait = Number(blocked.headers.get('retry-after'));
      waits.push(wait);
      t.advance(wait * 1000);
      expect((await signin(owner.email, 'wrong-password', attacker)).status).toBe(401);
    }
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(SIGNIN_THROTTLE.CLIENT_MAX_DELAY_SECONDS);
  }, 180_000);

  it('past the per-account ceiling only known clients and the emailed code get in; the owner is told once', async () => {
    const owner = await signUpVerified(t);
    // The owner's café: signed in from here before.
    expect((await signin(owner.email, owner.password, '203.0.113.20')).status).toBe(200);
    const before = t.mailer.sent.length;

    // A botnet: one wrong password from each of many addresses. The first ones and the last one go through the
    // API; those in between are counted by the same function the API calls (each through the API would cost a
    // scrypt, minutes on a busy machine).
    const botnet = (i: number) => `10.${Math.floor(i / 250)}.${i % 250}.1`;
    for (let i = 0; i < SIGNIN_THROTTLE.ACCOUNT_CEILING; i++) {
      if (i < SIGNIN_THROTTLE.NOTIFY_AFTER + 2 || i === SIGNIN_THROTTLE.ACCOUNT_CEILING - 1) {
        expect((await signin(owner.email, 'wrong-password', botnet(i))).status).toBe(401);
      } else {
        await recordSigninFailure(t.deps, owner.email, botnet(i), { email: owner.email, name: owner.name });
      }
    }
    const notices = t.mailer.sent.slice(before).filter((m) => m.to === owner.email);
    expect(notices.map((m) => m.subject)).toEqual(['Someone is trying to sign in to your Mise account']);
    expect(notices[0]!.text).toContain('Forgot Password');

    // A new address, even with the right password, is held back for the rest of the hour …
    const stranger = await signin(owner.email, owner.password, '192.0.2.200');
    expect(stranger.status).toBe(429);
    expect(stranger.body.error).toBe(ACCOUNT_CEILING_MESSAGE);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(stranger.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

    // … but the owner's known client still gets in.
    expect((await signin(owner.email, owner.password, '203.0.113.20')).status).toBe(200);

    // From a new phone, the emailed code is the way in: reset, then sign in with the new password at once.
    const phone = '192.0.2.201';
    const asked = await call(t.app, 'POST', '/api/v1/auth/request-otp', { email: owner.email, userType: 'regular', otpType: 'reset_password' }, undefined, from(phone));
    expect(asked.status).toBe(200);
    const reset = await call(
      t.app,
      'POST',
      '/api/v1/auth/reset-password',
      { email: owner.email, otp: t.mailer.lastCodeFor(owner.email), password: 'a-new-long-password', confirmPassword: 'a-new-long-password', userType: 'regular' },
      undefined,
      from(phone),
    );
    expect(reset.status).toBe(200);
    // The attack goes on meanwhile.
    for (let i = 0; i < 3; i++) expect((await signin(owner.email, 'wrong-password', `10.9.${i}.1`)).status).toBe(401);
    const fromPhone = await signin(owner.email, 'a-new-long-password', phone);
    expect(fromPhone.status).toBe(200);

    // Still one notice for the day.
    expect(t.mailer.sent.slice(before).filter((m) => m.subject.startsWith('Someone is trying')).length).toBe(1);
  }, 180_000);

  it('counts an email with no account exactly like one with an account', async () => {
    const owner = await signUpVerified(t);
    const nobody = `nobody.${Date.now()}@cafe.test`;
    const answers = async (email: string) => {
      const out: Array<[number, string | null]> = [];
      for (let i = 0; i < 8; i++) {
        const res = await signin(email, 'wrong-password', '198.51.100.99');
        out.push([res.status, res.headers.get('retry-after')]);
      }
      return out;
    };
    expect(await answers(nobody)).toEqual(await answers(owner.email));
  }, 180_000);
});
