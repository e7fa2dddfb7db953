import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_FLAGS } from '../../src/contract/profile.ts';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectRefusal } from '../helpers/field-errors.ts';

const ME = '/api/v1/users/me';
const SIGNIN = '/api/v1/auth/signin';
const CHANGE = '/api/v1/users/change-password';

describe('users: me, notifications, password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the current user and the notification flags at their defaults', async () => {
    const account = await signUpVerified(t, { name: 'Rosa Maria Martinez' });
    const res = await call(t.app, 'GET', ME, undefined, account.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: account.userId,
      name: 'Rosa Maria Martinez',
      displayName: 'Rosa',
      email: account.email,
      phoneNumber: null,
      image: null,
      verified: true,
      activeSubscription: null,
      activeSubscriptionStart: null,
      activeSubscriptionEnd: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.notifications).toEqual(Object.fromEntries(NOTIFICATION_FLAGS.map((f) => [f.id, f.default])));
  });

  it('changes one notification flag at a time and keeps the others', async () => {
    const account = await signUpVerified(t);
    const off = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, { weeklySummary: false }, account.token);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Notification updated successfully');
    expect(off.body.notifications).toMatchObject({ weeklySummary: false, campaignResults: true, productNews: false });
    const on = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, { productNews: true }, account.token);
    expect(on.body.notifications).toMatchObject({ weeklySummary: false, productNews: true });
    const me = await call(t.app, 'GET', ME, undefined, account.token);
    expect(me.body.notifications).toMatchObject({ weeklySummary: false, productNews: true, importFinished: true });
  });

  it.each([
    [{}, 'Send exactly one notification setting at a time'],
    [{ weeklySummary: false, productNews: true }, 'Send exactly one notification setting at a time'],
    [{ smsBlast: true }, 'Unknown notification setting'],
    [{ weeklySummary: 'no' }, 'weeklySummary: Each notification setting is true or false'],
  ])('refuses a notification body that is not exactly one known boolean (%o)', async (body, message) => {
    const account = await signUpVerified(t);
    const res = await call(t.app, 'POST', `/api/v1/users/notifications/${account.userId}`, body, account.token);
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
  });

  it("answers another user's id with 404 and leaves their flags alone", async () => {
    const mine = await signUpVerified(t);
    const theirs = await signUpVerified(t);
    const res = await call(t.app, 'POST', `/api/v1/users/notifications/${theirs.userId}`, { weeklySummary: false }, mine.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No such user', code: 'not_found' });
    const theirMe = await call(t.app, 'GET', ME, undefined, theirs.token);
    expect(theirMe.body.notifications.weeklySummary).toBe(true);
  });

  it('changes the password, ends every session and lets only the new password in', async () => {
    const account = await signUpVerified(t);
    const other = await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' });
    const res = await call(t.app, 'POST', CHANGE, { password: account.password, newPassword: 'another-secret-7', userId: account.userId }, account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password has been changed successfully' });
    expect((await call(t.app, 'GET', ME, undefined, account.token)).status).toBe(401);
    expect((await call(t.app, 'GET', ME, undefined, other.body.token)).status).toBe(401);
    expect((await call(t.app, 'POST', SIGNIN, { email: account.email, password: account.password, userType: 'regular' })).status).toBe(401);
    expect((await call(t.app, 'POST', SIGNIN, { email: account.email, password: 'another-secret-7', userType: 'regular' })).status).toBe(200);
  });

  it('refuses a wrong current password without ending the session', async () => {
    const account = await signUpVerified(t);
    const res = await call(t.app, 'POST', CHANGE, { password: 'not-my-password', newPassword: 'another-secret-7', userId: account.userId }, account.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Your current password is not right', fields: { password: 'Your current password is not right' } });
    expect((await call(t.app, 'GET', ME, undefined, account.token)).status).toBe(200);
  });

  it("answers another user's id in the body with 404 and changes nothing", async () => {
    const mine = await signUpVerified(t);
    const theirs = await signUpVerified(t);
    const res = await call(t.app, 'POST', CHANGE, { password: mine.password, newPassword: 'another-secret-7', userId: theirs.userId }, mine.token);
    expect(res.status).toBe(404);
    expect((await call(t.app, 'POST', SIGNIN, { email: theirs.email, password: theirs.password, userType: 'regular' })).status).toBe(200);
    expect((await call(t.app, 'GET', ME, undefined, mine.token)).status).toBe(200);
  });

  it.each([
    [{ newPassword: 'another-secret-7' }, 'password: Please Input your password'],
    [{ password: 'short', newPassword: 'another-secret-7' }, 'password: Password must be at least 8 characters'],
    [{ password: 'correct-horse-9' }, 'newPassword: Please set new password'],
    [{ password: 'correct-horse-9', newPassword: 'tiny' }, 'newPassword: Password must be at least 8 characters'],
  ])('answers a malformed password change with the spec message (%o)', async (fields, message) => {
    const account = await signUpVerified(t);
    const res = await call(t.app, 'POST', CHANGE, { userId: account.userId, ...fields }, account.token);
    expect(res.status).toBe(400);
    expectRefusal(res.body, message);
  });

  it('needs a session for every users call', async () => {
    expect((await call(t.app, 'GET', ME)).status).toBe(401);
    expect((await call(t.app, 'POST', CHANGE, { password: 'a', newPassword: 'b', userId: 'c' })).status).toBe(401);
  });
});
