import type { Env } from '../../env.ts';

/** Scopes Mise asks for: the profile for the settings row, listing and publishing for video campaigns. */
export const TIKTOK_SCOPES = ['user.info.basic', 'video.list', 'video.publish'];

export type TiktokTokens = {
  openId: string;
  scope: string;
  accessToken: string;
  refreshToken: string;
  /** seconds */
  expiresIn: number;
  refreshExpiresIn: number;
};

export type TiktokUser = { openId: string; displayName: string | null; avatarUrl: string | null };

/** A refusal from TikTok: `code` is TikTok's error (invalid_grant, access_token_invalid, …). */
export class TiktokError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'TiktokError';
    this.code = code;
    this.status = status;
  }
}

export type TiktokClient = {
  authorizeUrl: (state: string, redirectUri: string) => string;
  exchangeCode: (code: string, redirectUri: string) => Promise<TiktokTokens>;
  refresh: (refreshToken: string) => Promise<TiktokTokens>;
  revoke: (token: string) => Promise<void>;
  userInfo: (accessToken: string) => Promise<TiktokUser>;
};

type TiktokEnv = Pick<Env, 'TIKTOK_CLIENT_KEY' | 'TIKTOK_CLIENT_SECRET' | 'TIKTOK_AUTH_BASE_URL' | 'TIKTOK_API_BASE_URL'>;

export const tiktokConfigured = (env: TiktokEnv) => Boolean(env.TIKTOK_CLIENT_KEY && env.TIKTOK_CLIENT_SECRET);

const TIMEOUT_MS = 15_000;

/** Login Kit v2 and the Display API over fetch (TikTok has no official Node SDK; integrations.md §3). */
export function createTiktokClient(env: TiktokEnv): TiktokClient {
  const apiBase = env.TIKTOK_API_BASE_URL.replace(/\/+$/, '');
  const authBase = env.TIKTOK_AUTH_BASE_URL.replace(/\/+$/, '');

  async function oauthPost(path: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await send(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
      body: new URLSearchParams({ client_key: env.TIKTOK_CLIENT_KEY, client_secret: env.TIKTOK_CLIENT_SECRET, ...fields }),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // OAuth errors come as {error, error_description}, sometimes with HTTP 200.
    if (!response.ok || typeof body.error === 'string') {
      const code = typeof body.error === 'string' ? body.error : `http_${response.status}`;
      const description = typeof body.error_description === 'string' ? body.error_description : `TikTok answered ${response.status}`;
      throw new TiktokError(code, description, response.status);
    }
    return body;
  }

  function toTokens(body: Record<string, unknown>): TiktokTokens {
    const { open_id, scope, access_token, refresh_token, expires_in, refresh_expires_in } = body;
    if (typeof access_token !== 'string' || typeof refresh_token !== 'string' || typeof open_id !== 'string') {
      throw new TiktokError('invalid_response', 'TikTok sent an incomplete token answer', 502);
    }
    return {
      openId: open_id,
      scope: typeof scope === 'string' ? scope : '',
      accessToken: access_token,
      refreshToken: refresh_token,
      expiresIn: Number(expires_in) || 0,
      refreshExpiresIn: Number(refresh_expires_in) || 0,
    };
  }

  return {
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${authBase}/v2/auth/authorize/`);
      url.search = new URLSearchParams({
        client_key: env.TIKTOK_CLIENT_KEY,
        scope: TIKTOK_SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      return toTokens(await oauthPost('/v2/oauth/token/', { code, grant_type: 'authorization_code', redirect_uri: redirectUri }));
    },
    async refresh(refreshToken) {
      return toTokens(await oauthPost('/v2/oauth/token/', { grant_type: 'refresh_token', refresh_token: refreshToken }));
    },
    async revoke(token) {
      await oauthPost('/v2/oauth/revoke/', { token });
    },
    async userInfo(accessToken) {
      const url = `${apiBase}/v2/user/info/?fields=open_id,union_id,avatar_url,display_name`;
      const response = await send(url, { headers: { Authorization: `Bearer ${accessToken}` } });
      const body = (await response.json().catch(() => ({}))) as {
        data?: { user?: { open_id?: string; display_name?: string; avatar_url?: string } };
        error?: { code?: string; message?: string };
      };
      const code = body.error?.code ?? (response.ok ? 'ok' : `http_${response.status}`);
      if (!response.ok || code !== 'ok') throw new TiktokError(code, body.error?.message || `TikTok answered ${response.status}`, response.status);
      const user = body.data?.user ?? {};
      return { openId: user.open_id ?? '', displayName: user.display_name || null, avatarUrl: user.avatar_url || null };
    },
  };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new TiktokError('unreachable', `TikTok could not be reached (${(error as Error).message})`, 503);
  }
}
