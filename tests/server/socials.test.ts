import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTiktok, type FakeTiktok } from '../fakes/tiktok.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 3600 * 1000;
// A bodyless POST from the page carries Origin; the CSRF check wants it.
const SAME_ORIGIN = { Origin: 'http://localhost' };

/** What the browser does: open the login URL, TikTok approves, and the callback page gets code/scopes/state. */
async function authorize(loginUrl: string) {
  const response = await fetch(loginUrl, { redirect: 'manual' });
  const back = new URL(response.headers.get('location') ?? '');
  return { code: back.searchParams.get('code')!, scopes: back.searchParams.get('scopes')!, state: back.searchParams.get('state')!, redirect: back };
}

describe('TikTok when it is not set up', () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
  });
  afterAll(() => t.close());

  it('says so in the status and refuses the login URL', async () => {
    const status = await call(t.app, 'GET', '/api/v1/socials/tiktok/status', undefined, owner.token);
    expect(status.body).toEqual({ configured: false, status: 'Not connected', expires_in: null, user_profile: null });
    const login = await call(t.app, 'GET', '/api/v1/socials/tiktok/login-url', undefined, owner.token);
    expect(login.status).toBe(503);
    expect(login.body.error).toBe('TikTok is not set up on this server yet');
  });
});

describe('TikTok linking against the fake TikTok', () => {
  let fake: FakeTiktok;
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    fake = await startFakeTiktok();
    t = await createTestApp({
      TIKTOK_CLIENT_KEY: fake.options.clientKey,
      TIKTOK_CLIENT_SECRET: fake.options.clientSecret,
      TIKTOK_AUTH_BASE_URL: fake.url,
      TIKTOK_API_BASE_URL: fake.url,
      PUBLIC_URL: 'https://mise.example',
    });
    owner = await signUpVerified(t);
    other = await signUpVerified(t, { name: 'Kai Other' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const loginUrl = async (account: TestAccount) => (await call(t.app, 'GET', '/api/v1/socials/tiktok/login-url', undefined, account.token)).body.login_url as string;
  const status = async (account = owner) => (await call(t.app, 'GET', '/api/v1/socials/tiktok/status', undefined, account.token)).body;
  const connect = (account: TestAccount, body: unknown) => call(t.app, 'POST', '/api/v1/socials/tiktok/connect', body, account.token);

  it('builds the authorize URL with comma-separated scopes, the registered redirect and a state', async () => {
    const url = new URL(await loginUrl(owner));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v2/auth/authorize/`);
    expect(url.searchParams.get('client_key')).toBe('fake-client-key');
    expect(url.searchParams.get('scope')).toBe('user.info.basic,video.list,video.publish');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('https://mise.example/tiktok_callback');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
  });

  it('refuses a state it did not hand out, or one handed to another owner', async () => {
    const mine = await authorize(await loginUrl(owner));
    const forged = await connect(owner, { code: mine.code, scopes: mine.scopes, state: 'forged-state-value' });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('This TikTok sign-in could not be verified. Please press Link again.');
    const stolen = await connect(other, { code: mine.code, scopes: mine.scopes, state: mine.state });
    expect(stolen.status).toBe(400);
    // Neither attempt exchanged the code.
    expect(fake.calls.filter((c) => c.path === '/v2/oauth/token/')).toHaveLength(0);
    expect((await status(other)).status).toBe('Not connected');
  });

  it('finishes the connection: tokens exchanged and sealed, profile kept, hours until the link lapses', async () => {
    const back = await authorize(await loginUrl(owner));
    expect(back.redirect.pathname).toBe('/tiktok_callback');
    const res = await connect(owner, { code: back.code, scopes: back.scopes, state: back.state });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "TikTok connected as Rosa's Tacos" });

    const now = await status();
    expect(now).toMatchObject({ configured: true, status: 'Connected', user_profile: { display_name: "Rosa's Tacos" } });
    expect(Math.floor(now.expires_in / 3600)).toBe(fake.options.refreshTtl / 3600 - 1);
    expect(now.user_profile.avatar_url).toMatch(/^\/api\/v1\/files\/socials\/[\w-]{22}\.webp$/);
    const avatar = await t.app.request(now.user_profile.avatar_url);
    expect(avatar.headers.get('content-type')).toBe('image/webp');

    const row = await t.deps.db.selectFrom('tiktok_connections').selectAll().where('user_id', '=', owner.userId).executeTakeFirstOrThrow();
    const grant = fake.grants.at(-1)!;
    expect(row.access_token_sealed).not.toContain(grant.accessToken);
    expect(row.refresh_token_sealed).not.toContain(grant.refreshToken);
    expect(row.access_token_sealed).toMatch(/^v1\./);
  });

  it('spends the state: the same callback cannot be replayed', async () => {
    const back = await authorize(await loginUrl(owner));
    expect((await connect(owner, back)).status).toBe(200);
    const replay = await connect(owner, back);
    expect(replay.status).toBe(400);
  });

  it('passes on TikTok refusing the code', async () => {
    const back = await authorize(await loginUrl(owner));
    const res = await connect(owner, { ...back, code: 'not-a-real-code' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Authorization code is expired.');
    expect((await status()).status).toBe('Connected');
  });

  it('refreshes the access token before it lapses and keeps the rotated refresh token', async () => {
    const refreshes = () => fake.calls.filter((c) => c.form.grant_type === 'refresh_token').length;
    expect(refreshes()).toBe(0);
    t.advance(fake.options.accessTtl * 1000 - 5 * 60 * 1000);
    expect((await status()).status).toBe('Connected');
    expect(refreshes()).toBe(1);
    // The first refresh token is now spent at TikTok; a second refresh only works with the new one.
    t.advance(2 * HOUR);
    expect((await status()).status).toBe('Connected');
    expect(refreshes()).toBe(2);
    // No refresh was refused: each used the token the previous one rotated in.
    expect(fake.calls.filter((c) => c.form.grant_type === 'refresh_token' && c.form.refresh_token === fake.grants.at(-3)!.refreshToken)).toHaveLength(1);
    expect(fake.grants.slice(-3).map((g) => g.revoked)).toEqual([true, true, false]);
    const profile = await call(t.app, 'GET', '/api/v1/socials/tiktok/profile', undefined, owner.token);
    expect(profile.body.user_profile.display_name).toBe("Rosa's Tacos");
  });

  it('shows Expired when TikTok no longer honours the link', async () => {
    fake.revokeAll();
    t.advance(3 * HOUR);
    const now = await status();
    expect(now).toMatchObject({ status: 'Expired', expires_in: 0 });
  });

  it('disconnects: revokes at TikTok and forgets the tokens', async () => {
    const back = await authorize(await loginUrl(owner));
    expect((await connect(owner, back)).status).toBe(200);
    const grant = fake.grants.at(-1)!;
    const res = await call(t.app, 'POST', '/api/v1/socials/tiktok/disconnect', undefined, owner.token, SAME_ORIGIN);
    expect(res.body).toEqual({ message: 'Disconnected from TikTok' });
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v2/oauth/revoke/', form: { token: grant.accessToken } });
    expect(grant.revoked).toBe(true);
    expect(await status()).toMatchObject({ status: 'Not connected', user_profile: null });
    expect((await call(t.app, 'POST', '/api/v1/socials/tiktok/disconnect', undefined, owner.token, SAME_ORIGIN)).status).toBe(404);
  });

  it('needs a session and a code and state', async () => {
    expect((await call(t.app, 'GET', '/api/v1/socials/tiktok/status')).status).toBe(401);
    const res = await connect(owner, { scopes: 'user.info.basic' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'code is required. state is required', fields: { code: 'code is required', state: 'state is required' } });
  });
});
