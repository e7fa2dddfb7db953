import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJwks, type FakeJwks } from '../fakes/jwks.ts';
import { signUp, signUpVerified, testEmail } from '../helpers/accounts.ts';
import { APPLE_CLIENT_ID, GOOGLE_CLIENT_ID, newSub, socialSignInApp } from '../helpers/social-identity.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const APPLE_ISSUER = 'https://appleid.apple.com';
const ME = '/api/v1/users/me';

describe('Google and Apple sign-in', () => {
  const world = socialSignInApp();
  let jwks: FakeJwks;
  let t: TestApp;
  beforeAll(() => {
    ({ t, jwks } = world);
  });

  const googleToken = (claims: Record<string, unknown>, options: { subject?: string; audience?: string; issuer?: string; expiresIn?: number; forged?: boolean } = {}) =>
    jwks.sign(claims, { issuer: GOOGLE_ISSUER, audience: GOOGLE_CLIENT_ID, subject: newSub(), ...options });
  const google = (idToken: string) => call(t.app, 'POST', '/api/v1/auth/google-signin', { idToken, userType: 'regular' });
  const apple = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/auth/apple-signin', { userType: 'regular', ...body });

  it('lists both providers with their client ids', async () => {
    const res = await call(t.app, 'GET', '/api/v1/auth/providers');
    expect(res.body).toEqual({
      google: { clientId: GOOGLE_CLIENT_ID },
      apple: { clientId: APPLE_CLIENT_ID, redirectUri: 'https://mise.example/signin' },
    });
  });

  it('creates a verified account from a good Google token and finds it again by sub', async () => {
    const email = testEmail('google');
    const subject = newSub();
    const token = await googleToken({ email, email_verified: true, name: 'Rosa Martinez' }, { subject });
    const first = await google(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.any(String), token: expect.any(String), name: 'Rosa Martinez', email, phoneNumber: null });
    const me = await call(t.app, 'GET', ME, undefined, first.body.token);
    expect(me.body.user).toMatchObject({ email, verified: true });
    // Allowed everywhere at once: the provider verified the email.
    expect((await call(t.app, 'POST', `/api/v1/users/notifications/${first.body.id}`, { productNews: true }, first.body.token)).status).toBe(200);

    const again = await google(await googleToken({ email, email_verified: true, name: 'Rosa M.' }, { subject }));
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.name).toBe('Rosa Martinez');
  });

  it('links a Google sign-in to the verified account with that email, keeping its password', async () => {
    const account = await signUpVerified(t);
    const res = await google(await googleToken({ email: account.email, email_verified: true, name: 'Someone' }));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(account.userId);
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: account.email, password: account.password, userType: 'regular' });
    expect(signin.status).toBe(200);
  });

  it('takes an unverified account with that email away from whoever set its password', async () => {
    const squatter = await signUp(t);
    const res = await google(await googleToken({ email: squatter.email, email_verified: true }));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(squatter.userId);
    expect((await call(t.app, 'GET', ME, undefined, squatter.token)).status).toBe(401);
    const signin = await call(t.app, 'POST', '/api/v1/auth/signin', { email: squatter.email, password: squatter.password, userType: 'regular' });
    expect(signin.status).toBe(401);
  });

  it('refuses a Google account whose email Google has not verified', async () => {
    const res = await google(await googleToken({ email: testEmail('unverified'), email_verified: false }));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/Google has not verified this email/);
  });

  it('refuses a token made for another audience', async () => {
    const res = await google(await googleToken({ email: testEmail(), email_verified: true }, { audience: 'someone-elses-app' }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('This Google sign-in was not made for this server.');
  });

  it('refuses a token from another issuer', async () => {
    const res = await google(await googleToken({ email: testEmail(), email_verified: true }, { issuer: 'https://evil.example' }));
    expect(res.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const res = await google(await googleToken({ email: testEmail(), email_verified: true }, { expiresIn: -3600 }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Your Google sign-in has expired. Please try again.');
  });

  it('refuses a token whose signature does not match the published keys', async () => {
    const res = await google(await googleToken({ email: testEmail(), email_verified: true }, { forged: true }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('The Google sign-in could not be verified. Please try again.');
    const garbage = await google('not.a.jwt');
    expect(garbage.status).toBe(401);
  });

  it('answers a missing idToken with 400 naming it', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/google-signin', { userType: 'regular' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'idToken is required', fields: { idToken: 'idToken is required' } });
  });

  it('signs in with Apple: the token decides the email, the body gives the first name only', async () => {
    const email = testEmail('apple');
    const subject = newSub();
    const first = await jwks.sign({ email, email_verified: 'true' }, { issuer: APPLE_ISSUER, audience: APPLE_CLIENT_ID, subject });
    const res = await apple({ authToken: first, sub: subject, name: 'Ana Souza', email: 'someone-else@cafe.test' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ana Souza', email });

    // Later sign-ins may carry no email: the sub finds the account.
    const later = await jwks.sign({}, { issuer: APPLE_ISSUER, audience: APPLE_CLIENT_ID, subject });
    const again = await apple({ authToken: later });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
  });

  it('refuses an Apple token for a new account with no email, and a body sub that does not match', async () => {
    const noEmail = await jwks.sign({}, { issuer: APPLE_ISSUER, audience: APPLE_CLIENT_ID, subject: newSub() });
    const res = await apple({ authToken: noEmail, email: testEmail() });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Apple did not share your email address/);

    const token = await jwks.sign({ email: testEmail(), email_verified: true }, { issuer: APPLE_ISSUER, audience: APPLE_CLIENT_ID, subject: newSub() });
    const mismatch = await apple({ authToken: token, sub: 'another-sub' });
    expect(mismatch.status).toBe(401);
  });

  it('refuses an Apple token signed for the Google client', async () => {
    const token = await jwks.sign({ email: testEmail(), email_verified: true }, { issuer: APPLE_ISSUER, audience: GOOGLE_CLIENT_ID, subject: newSub() });
    expect((await apple({ authToken: token })).status).toBe(401);
  });
});

describe('social sign-in when the server has none set up, or the provider is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: '', APPLE_CLIENT_ID: 'com.mise.web', APPLE_JWKS_URL: 'http://127.0.0.1:9/keys' });
  });
  afterAll(() => t.close());

  it('says there is no Google sign-in set up', async () => {
    const providers = await call(t.app, 'GET', '/api/v1/auth/providers');
    expect(providers.body.google).toBeNull();
    const res = await call(t.app, 'POST', '/api/v1/auth/google-signin', { idToken: 'x.y.z', userType: 'regular' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'This server has no Google sign-in set up', code: 'not_configured' });
  });

  it('answers 502 when the key set cannot be fetched', async () => {
    const jwks = await startJwks();
    const token = await jwks.sign({ email: testEmail() }, { issuer: 'https://appleid.apple.com', audience: 'com.mise.web', subject: 'abc' });
    await jwks.close();
    const res = await call(t.app, 'POST', '/api/v1/auth/apple-signin', { authToken: token, userType: 'regular' });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/Could not reach Apple/);
  });
});
