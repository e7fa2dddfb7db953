// A local stand-in for TikTok's Login Kit v2 and Display API (integrations.md §3), for tests and e2e.
// Run alone: `node --import tsx tests/fakes/tiktok.ts 4110`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeTiktokOptions = {
  port?: number;
  clientKey?: string;
  clientSecret?: string;
  /** seconds; TikTok's current docs say 2 h access / 180 days refresh */
  accessTtl?: number;
  refreshTtl?: number;
  displayName?: string;
};

type Grant = { openId: string; scope: string; accessToken: string; refreshToken: string; revoked: boolean };

export type FakeTiktok = {
  url: string;
  options: Required<Omit<FakeTiktokOptions, 'port'>>;
  /** every request, for assertions: method, path and form fields */
  calls: Array<{ method: string; path: string; form: Record<string, string> }>;
  grants: Grant[];
  /** the user revoked Mise in the TikTok app: every token stops working */
  revokeAll: () => void;
  close: () => Promise<void>;
};

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString('base64url')}`;

export async function startFakeTiktok(input: FakeTiktokOptions = {}): Promise<FakeTiktok> {
  const options = {
    clientKey: input.clientKey ?? 'fake-client-key',
    clientSecret: input.clientSecret ?? 'fake-client-secret',
    accessTtl: input.accessTtl ?? 7200,
    refreshTtl: input.refreshTtl ?? 15_552_000,
    displayName: input.displayName ?? "Rosa's Tacos",
  };
  const codes = new Map<string, { redirectUri: string; scope: string; used: boolean }>();
  const grants: Grant[] = [];
  const calls: FakeTiktok['calls'] = [];
  const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#25F4EE' } }).png().toBuffer();
  let baseUrl = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: http.ServerResponse, error: string, description: string) =>
    json(res, 400, { error, error_description: description, log_id: token('log') });

  function issue(openId: string, scope: string): Grant {
    const grant = { openId, scope, accessToken: token('act'), refreshToken: token('rft'), revoked: false };
    grants.push(grant);
    return grant;
  }
  const tokenBody = (grant: Grant) => ({
    open_id: grant.openId,
    scope: grant.scope,
    access_token: grant.accessToken,
    expires_in: options.accessTtl,
    refresh_token: grant.refreshToken,
    refresh_expires_in: options.refreshTtl,
    token_type: 'Bearer',
  });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = Object.fromEntries(new URLSearchParams(raw));
    calls.push({ method: req.method ?? 'GET', path: url.pathname, form });

    // The consent screen: approves at once and sends the browser back with a code.
    if (req.method === 'GET' && url.pathname === '/v2/auth/authorize/') {
      const q = url.searchParams;
      if (q.get('client_key') !== options.clientKey) return json(res, 400, { error: 'invalid_client' });
      const redirect = new URL(q.get('redirect_uri') ?? '');
      const code = token('code');
      codes.set(code, { redirectUri: q.get('redirect_uri') ?? '', scope: q.get('scope') ?? '', used: false });
      redirect.search = new URLSearchParams({ code, scopes: q.get('scope') ?? '', state: q.get('state') ?? '' }).toString();
      res.writeHead(302, { Location: redirect.toString() });
      return res.end();
    }

    if (req.method === 'POST' && (url.pathname === '/v2/oauth/token/' || url.pathname === '/v2/oauth/revoke/')) {
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') return oauthError(res, 'invalid_request', 'Content-Type must be form');
      if (form.client_key !== options.clientKey || form.client_secret !== options.clientSecret) return oauthError(res, 'invalid_client', 'Client key or secret is wrong');
      if (url.pathname === '/v2/oauth/revoke/') {
        for (const grant of grants) if (grant.accessToken === form.token || grant.refreshToken === form.token) grant.revoked = true;
        return json(res, 200, {});
      }
      if (form.grant_type === 'authorization_code') {
        const code = codes.get(form.code ?? '');
        if (!code || code.used) return oauthError(res, 'invalid_grant', 'Authorization code is expired.');
        if (code.redirectUri !== form.redirect_uri) return oauthError(res, 'invalid_grant', 'redirect_uri does not match');
        code.used = true;
        return json(res, 200, tokenBody(issue(`open-${randomBytes(6).toString('hex')}`, code.scope)));
      }
      if (form.grant_type === 'refresh_token') {
        const old = grants.find((g) => g.refreshToken === form.refresh_token && !g.revoked);
        if (!old) return oauthError(res, 'invalid_grant', 'Refresh token is invalid or expired.');
        // Refresh tokens rotate: the old pair stops working.
        old.revoked = true;
        return json(res, 200, tokenBody(issue(old.openId, old.scope)));
      }
      return oauthError(res, 'unsupported_grant_type', 'grant_type is not supported');
    }

    if (req.method === 'GET' && url.pathname === '/v2/user/info/') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const grant = grants.find((g) => g.accessToken === bearer && !g.revoked);
      if (!grant) return json(res, 401, { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: token('log') } });
      return json(res, 200, {
        data: { user: { open_id: grant.openId, union_id: `union-${grant.openId}`, display_name: options.displayName, avatar_url: `${baseUrl}/avatar.png?x-expires=1` } },
        error: { code: 'ok', message: '', log_id: token('log') },
      });
    }

    if (req.method === 'GET' && url.pathname === '/avatar.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': avatar.length });
      return res.end(avatar);
    }
    json(res, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(input.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    options,
    calls,
    grants,
    revokeAll: () => grants.forEach((g) => (g.revoked = true)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeTiktok({ port: Number(process.argv[2] ?? 4110) });
  console.log(`fake TikTok on ${fake.url}`);
}
