import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeJwks } from '../fakes/jwks.ts';
import { signUpVerified, testEmail, type TestAccount } from '../helpers/accounts.ts';
import { APPLE, GOOGLE, newSub, socialSignInApp } from '../helpers/social-identity.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { givePlan } from './email.fixtures.ts';

// Issue 19: the invitee joins with Google or Apple where the server has them set up, instead of setting a password.
// The identity tokens are signed by a local JWKS (tests/fakes/jwks.ts) and verified exactly as for sign-in.
describe('team: joining with Google or Apple', () => {
  const world = socialSignInApp();
  let jwks: FakeJwks;
  let t: TestApp;
  beforeAll(() => {
    ({ t, jwks } = world);
  });

  const linkTokenFor = (to: string) => {
    const message = t.mailer.sent.findLast((m) => m.to === to);
    const link = message && /https:\/\/mise\.example\/join\?invite=([A-Za-z0-9_-]+)/.exec(message.text);
    if (!link?.[1]) throw new Error(`no invitation mailed to ${to}`);
    return decodeURIComponent(link[1]);
  };
  async function invited(owner?: TestAccount) {
    const boss = owner ?? (await signUpVerified(t, { name: 'Rosa Martinez' }));
    if (!owner) await givePlan(t, boss.userId, 'professional');
    const email = testEmail('sam');
    const res = await call(t.app, 'POST', '/api/v1/team/invitations', { email }, boss.token, { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(201);
    return { owner: boss, email, token: linkTokenFor(email) };
  }
  const google = (token: string, claims: Record<string, unknown>, subject = newSub()) =>
    jwks.sign(claims, { ...GOOGLE, subject }).then((idToken) => call(t.app, 'POST', '/api/v1/team/invitations/accept-google', { token, idToken }));
  const apple = (token: string, claims: Record<string, unknown>, name?: string, subject = newSub()) =>
    jwks.sign(claims, { ...APPLE, subject }).then((authToken) => call(t.app, 'POST', '/api/v1/team/invitations/accept-apple', { token, authToken, name }));

  it('joins with Google whose verified email is the invitation’s: a staff session, and Google signs them in later', async () => {
    const { owner, email, token } = await invited();
    const subject = newSub();
    const res = await google(token, { email: email.toUpperCase(), email_verified: true, name: 'Sam Lee' }, subject);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Sam Lee', email, role: 'staff', restaurantName: "Rosa's restaurant", token: expect.any(String) });
    const me = await call(t.app, 'GET', '/api/v1/users/me', undefined, res.body.token);
    expect(me.body.user).toMatchObject({ id: res.body.userId, verified: true, role: 'staff' });
    // A staff member like any other: the media library yes, the customers no.
    expect((await call(t.app, 'GET', '/api/v1/media/recent', undefined, res.body.token)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/customers', undefined, res.body.token)).status).toBe(403);
    // No password was set: only Google signs them in, and the answer says they are staff.
    const later = await call(t.app, 'POST', '/api/v1/auth/google-signin', { idToken: await jwks.sign({ email, email_verified: true }, { ...GOOGLE, subject }), userType: 'regular' });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ id: res.body.userId, role: 'staff', restaurantName: "Rosa's restaurant" });
    const team = await call(t.app, 'GET', '/api/v1/team', undefined, owner.token);
    expect(team.body.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(team.body.invitations).toEqual([]);
    // The link works once, whichever way it was used.
    expect((await google(token, { email, email_verified: true })).status).toBe(410);
  });

  it('refuses a Google or Apple account whose email is not the invitation’s, naming both addresses (403)', async () => {
    const { token, email } = await invited();
    const other = testEmail('someone-else');
    const res = await google(token, { email: other, email_verified: true, name: 'Sam' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: `This invitation was sent to ${email}, but your Google account is ${other}. Use the Google account of ${email}, or set a password instead.`,
      code: 'forbidden',
    });
    const viaApple = await apple(token, { email: other, email_verified: 'true' });
    expect(viaApple.status).toBe(403);
    expect(viaApple.body.error).toBe(`This invitation was sent to ${email}, but your Apple account is ${other}. Use the Apple account of ${email}, or set a password instead.`);
    // Unverified or missing emails prove nothing.
    const unverified = await google(token, { email, email_verified: false });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe(`Google has not verified ${email}, so it cannot be used to join. Set a password instead.`);
    const hidden = await apple(token, {});
    expect(hidden.status).toBe(400);
    expect(hidden.body.error).toBe(`Apple did not share a verified email address, so it cannot be matched to the invitation sent to ${email}. Set a password instead.`);
    // Nothing was used up: the invitation still works with a password.
    const accepted = await call(t.app, 'POST', '/api/v1/team/invitations/accept', { token, name: 'Sam Lee', password: 'staff-pass-42' });
    expect(accepted.status).toBe(201);
  });

  it('joins with Apple (the name comes from the page, once); a forged token, a bad link and a Google account already in use are refused', async () => {
    const { owner, email, token } = await invited();
    const forged = await jwks.sign({ email, email_verified: 'true' }, { ...APPLE, subject: newSub(), forged: true });
    expect((await call(t.app, 'POST', '/api/v1/team/invitations/accept-apple', { token, authToken: forged })).status).toBe(401);
    expect((await apple('not-a-real-invitation', { email, email_verified: 'true' })).status).toBe(404);
    const missing = await call(t.app, 'POST', '/api/v1/team/invitations/accept-apple', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('authToken');
    const res = await apple(token, { email, email_verified: 'true' }, 'Sam Lee');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Sam Lee', email, role: 'staff' });

    // A Google account that already signs in to Mise (an owner's) cannot become someone's staff account.
    const subject = newSub();
    const ownerGoogle = await call(t.app, 'POST', '/api/v1/auth/google-signin', { idToken: await jwks.sign({ email: testEmail('g'), email_verified: true }, { ...GOOGLE, subject }), userType: 'regular' });
    expect(ownerGoogle.status).toBe(200);
    const second = await invited(owner);
    const reused = await google(second.token, { email: second.email, email_verified: true }, subject);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('This Google account already signs in to Mise. Ask the owner to invite another address.');
  });

  it('without Google set up, the route says so (503) and the link still works with a password', async () => {
    const bare = await createTestApp({ PUBLIC_URL: 'https://mise.example' });
    try {
      const owner = await signUpVerified(bare);
      await givePlan(bare, owner.userId, 'basic');
      const email = testEmail('sam');
      await call(bare.app, 'POST', '/api/v1/team/invitations', { email }, owner.token, { 'Idempotency-Key': randomUUID() });
      const mail = bare.mailer.sent.findLast((m) => m.to === email)!;
      const token = decodeURIComponent(/join\?invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
      const idToken = await jwks.sign({ email, email_verified: true }, { ...GOOGLE, subject: newSub() });
      const res = await call(bare.app, 'POST', '/api/v1/team/invitations/accept-google', { token, idToken });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('This server has no Google sign-in set up');
      expect((await call(bare.app, 'POST', '/api/v1/team/invitations/accept', { token, name: 'Sam Lee', password: 'staff-pass-42' })).status).toBe(201);
    } finally {
      await bare.close();
    }
  });
});
