import type { Env } from '../../env.ts';

/** Scopes Mise asks for: the profile for the settings row, listing and publishing for video campaigns. */
const TIKTOK_SCOPES = ['user.info.basic', 'video.list', 'video.publish'];

export type TiktokTokens = {
  openId: string;
  scope: string;
  accessToken: string;
  refreshToken: string;
  /** seconds */
  expiresIn: number;
  refreshExpiresIn: number;
};

type TiktokUser = { openId: string; displayName: string | null; avatarUrl: string | null };

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
  /** Content Posting step 1: who posts and the privacy levels TikTok lets them choose from (shown to the owner). */
  creatorInfo: (accessToken: string) => Promise<TiktokCreatorInfo>;
  /** Step 2: a FILE_UPLOAD publish; the upload URL takes the chunks of `plan`. */
  initUpload: (accessToken: string, post: TiktokPostInfo, plan: ChunkPlan) => Promise<{ publishId: string; uploadUrl: string }>;
  /** Step 3: one chunk, PUT with its Content-Range (chunks go one after another). */
  uploadChunk: (uploadUrl: string, bytes: Buffer, first: number, total: number) => Promise<void>;
  /** Step 4: where the post is (PROCESSING_UPLOAD … PUBLISH_COMPLETE or FAILED). */
  publishStatus: (accessToken: string, publishId: string) => Promise<TiktokPublishStatus>;
  /** The owner's own videos' figures (at most 20 ids a call). */
  queryVideos: (accessToken: string, videoIds: string[]) => Promise<TiktokVideoFigures[]>;
};

type TiktokCreatorInfo = {
  nickname: string;
  username: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  maxVideoPostDurationSec: number;
};

type TiktokPostInfo = { title: string; privacyLevel: string; disableComment: boolean };

type TiktokPublishStatus = { status: string; failReason: string | null; postIds: string[]; uploadedBytes: number };

type TiktokVideoFigures = { id: string; views: number; likes: number; comments: number; shares: number; shareUrl: string | null };

/** How a file of `size` bytes is cut for TikTok (integrations.md §3). */
export type ChunkPlan = { videoSize: number; chunkSize: number; totalChunkCount: number };

const MB = 1024 * 1024;

/**
 * TikTok's chunk rules: files under 5 MB go whole; otherwise chunks of 5–64 MB (`preferred`, default 10 MB),
 * `total_chunk_count = floor(size / chunk_size)`, and the last chunk takes the remainder (so it may be up to
 * twice the chunk size, within 128 MB).
 */
export function planChunks(videoSize: number, preferred = 10 * MB, min = 5 * MB): ChunkPlan {
  if (videoSize < min) return { videoSize, chunkSize: videoSize, totalChunkCount: 1 };
  const chunkSize = Math.min(64 * MB, Math.max(min, preferred), videoSize);
  return { videoSize, chunkSize, totalChunkCount: Math.max(1, Math.floor(videoSize / chunkSize)) };
}

/** The byte ranges of each chunk, inclusive. */
export function chunkRanges(plan: ChunkPlan): Array<{ first: number; last: number }> {
  return Array.from({ length: plan.totalChunkCount }, (_, index) => ({
    first: index * plan.chunkSize,
    last: index === plan.totalChunkCount - 1 ? plan.videoSize - 1 : (index + 1) * plan.chunkSize - 1,
  }));
}

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
    async creatorInfo(accessToken) {
      const data = await apiPost(`${apiBase}/v2/post/publish/creator_info/query/`, accessToken, {});
      return {
        nickname: String(data.creator_nickname ?? ''),
        username: String(data.creator_username ?? ''),
        privacyLevelOptions: Array.isArray(data.privacy_level_options) ? data.privacy_level_options.map(String) : [],
        commentDisabled: data.comment_disabled === true,
        maxVideoPostDurationSec: Number(data.max_video_post_duration_sec) || 600,
      };
    },
    async initUpload(accessToken, post, plan) {
      const data = await apiPost(`${apiBase}/v2/post/publish/video/init/`, accessToken, {
        post_info: { title: post.title, privacy_level: post.privacyLevel, disable_comment: post.disableComment, disable_duet: false, disable_stitch: false, video_cover_timestamp_ms: 1000 },
        source_info: { source: 'FILE_UPLOAD', video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount },
      });
      if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string') throw new TiktokError('invalid_response', 'TikTok sent no upload address', 502);
      return { publishId: data.publish_id, uploadUrl: data.upload_url };
    },
    async uploadChunk(uploadUrl, bytes, first, total) {
      const response = await send(uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes.length), 'Content-Range': `bytes ${first}-${first + bytes.length - 1}/${total}` },
        body: new Uint8Array(bytes),
      }, 120_000);
      if (response.status !== 200 && response.status !== 201 && response.status !== 206) {
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
        throw new TiktokError(body.error?.code ?? `http_${response.status}`, body.error?.message || `TikTok refused a chunk (${response.status})`, response.status);
      }
    },
    async publishStatus(accessToken, publishId) {
      const data = await apiPost(`${apiBase}/v2/post/publish/status/fetch/`, accessToken, { publish_id: publishId });
      const ids = (data as { publicaly_available_post_id?: unknown }).publicaly_available_post_id;
      return {
        status: String(data.status ?? ''),
        failReason: typeof data.fail_reason === 'string' && data.fail_reason ? data.fail_reason : null,
        postIds: Array.isArray(ids) ? ids.map(String) : [],
        uploadedBytes: Number(data.uploaded_bytes) || 0,
      };
    },
    async queryVideos(accessToken, videoIds) {
      const data = await apiPost(`${apiBase}/v2/video/query/?fields=id,title,create_time,share_url,view_count,like_count,comment_count,share_count`, accessToken, {
        filters: { video_ids: videoIds.slice(0, 20) },
      });
      const videos = Array.isArray(data.videos) ? (data.videos as Record<string, unknown>[]) : [];
      return videos.map((video) => ({
        id: String(video.id),
        views: Number(video.view_count) || 0,
        likes: Number(video.like_count) || 0,
        comments: Number(video.comment_count) || 0,
        shares: Number(video.share_count) || 0,
        shareUrl: typeof video.share_url === 'string' ? video.share_url : null,
      }));
    },
  };
}

/** The Content Posting and Display APIs answer `{data, error:{code, message}}`; anything but code "ok" is a TiktokError. */
async function apiPost(url: string, accessToken: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await send(url, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) });
  const parsed = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown>; error?: { code?: string; message?: string } };
  const code = parsed.error?.code ?? (response.ok ? 'ok' : `http_${response.status}`);
  if (!response.ok || code !== 'ok') throw new TiktokError(code, parsed.error?.message || `TikTok answered ${response.status}`, response.status);
  return parsed.data ?? {};
}

async function send(url: string, init: RequestInit, timeoutMs = TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new TiktokError('unreachable', `TikTok could not be reached (${(error as Error).message})`, 503);
  }
}
