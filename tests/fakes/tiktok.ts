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
  /** TikTok's rule is 5 MB; tests lower it to exercise chunked uploads with small files. */
  minChunkBytes?: number;
  /** Status fetches answered PROCESSING_UPLOAD before PUBLISH_COMPLETE. */
  processingPolls?: number;
};

/** One post through the Content Posting API. */
export type FakePost = {
  publishId: string;
  openId: string;
  title: string;
  privacyLevel: string;
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  /** Content-Range headers of every chunk received, in order. */
  chunks: string[];
  received: number;
  polls: number;
  /** Set by the test: the next status fetch answers FAILED with this reason. */
  failWith: string | null;
  postId: string | null;
  figures: { views: number; likes: number; comments: number; shares: number };
};

type Grant = { openId: string; scope: string; accessToken: string; refreshToken: string; revoked: boolean };

export type FakeTiktok = {
  url: string;
  options: Required<Omit<FakeTiktokOptions, 'port'>>;
  /** every request, for assertions: method, path and form fields */
  calls: Array<{ method: string; path: string; form: Record<string, string> }>;
  grants: Grant[];
  posts: FakePost[];
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
    minChunkBytes: input.minChunkBytes ?? 5 * 1024 * 1024,
    processingPolls: input.processingPolls ?? 1,
  };
  const posts: FakePost[] = [];
  /** Init calls per token in the last minute (TikTok allows 6). */
  const initCalls = new Map<string, number[]>();
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
    const buffers: Buffer[] = [];
    for await (const chunk of req) buffers.push(chunk as Buffer);
    const bytes = Buffer.concat(buffers);
    const raw = req.method === 'PUT' ? '' : bytes.toString('utf8');
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(raw)) : {};
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

    // ---- Content Posting API and video query ----
    const apiError = (status: number, code: string, message: string) => json(res, status, { data: {}, error: { code, message, log_id: token('log') } });
    const bearerGrant = () => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      return grants.find((g) => g.accessToken === bearer && !g.revoked);
    };
    const ok = (data: unknown) => json(res, 200, { data, error: { code: 'ok', message: '', log_id: token('log') } });
    const body = () => {
      try {
        return JSON.parse(raw || '{}') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      } catch {
        return null;
      }
    };

    if (req.method === 'POST' && url.pathname === '/v2/post/publish/creator_info/query/') {
      const grant = bearerGrant();
      if (!grant) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      if (!grant.scope.includes('video.publish')) return apiError(401, 'scope_not_authorized', 'video.publish is not authorized');
      return ok({
        creator_avatar_url: `${baseUrl}/avatar.png`,
        creator_username: 'rosastacos',
        creator_nickname: options.displayName,
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: 600,
      });
    }

    if (req.method === 'POST' && url.pathname === '/v2/post/publish/video/init/') {
      const grant = bearerGrant();
      if (!grant) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      const now = Date.now();
      const recent = (initCalls.get(grant.accessToken) ?? []).filter((at) => at > now - 60_000);
      if (recent.length >= 6) return apiError(429, 'rate_limit_exceeded', 'Too many init calls');
      initCalls.set(grant.accessToken, [...recent, now]);
      const input = body();
      const post = input?.post_info;
      const source = input?.source_info;
      if (!post || !source) return apiError(400, 'invalid_params', 'post_info and source_info are required');
      if (!['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'].includes(post.privacy_level)) return apiError(400, 'invalid_params', 'privacy_level is not one of the creator options');
      if (typeof post.title === 'string' && post.title.length > 2200) return apiError(400, 'invalid_params', 'title is too long');
      if (source.source !== 'FILE_UPLOAD') return apiError(400, 'invalid_params', 'only FILE_UPLOAD in the fake');
      const size = Number(source.video_size);
      const chunkSize = Number(source.chunk_size);
      const total = Number(source.total_chunk_count);
      // The chunk rules of integrations.md §3.
      const whole = size < options.minChunkBytes;
      const valid = whole
        ? chunkSize === size && total === 1
        : chunkSize >= options.minChunkBytes && chunkSize <= 64 * 1024 * 1024 && total === Math.floor(size / chunkSize) && total >= 1 && total <= 1000 && size - (total - 1) * chunkSize <= 128 * 1024 * 1024;
      if (!size || !valid) return apiError(400, 'invalid_file_upload', 'chunk_size and total_chunk_count do not follow the chunk rules');
      const publishId = `v_pub_file~v2-1.${randomBytes(8).toString('hex')}`;
      posts.push({ publishId, openId: grant.openId, title: String(post.title ?? ''), privacyLevel: post.privacy_level, videoSize: size, chunkSize, totalChunkCount: total, chunks: [], received: 0, polls: 0, failWith: null, postId: null, figures: { views: 0, likes: 0, comments: 0, shares: 0 } });
      return ok({ publish_id: publishId, upload_url: `${baseUrl}/upload/${encodeURIComponent(publishId)}` });
    }

    if (req.method === 'PUT' && url.pathname.startsWith('/upload/')) {
      const post = posts.find((p) => p.publishId === decodeURIComponent(url.pathname.slice('/upload/'.length)));
      if (!post) return apiError(404, 'invalid_params', 'Unknown upload');
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
      if (req.headers['content-type'] !== 'video/mp4' || !range) return apiError(400, 'invalid_params', 'Content-Type video/mp4 and Content-Range are required');
      const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
      const index = post.chunks.length;
      const expectedFirst = index * post.chunkSize;
      const expectedLast = index === post.totalChunkCount - 1 ? post.videoSize - 1 : expectedFirst + post.chunkSize - 1;
      if (total !== post.videoSize || first !== expectedFirst || last !== expectedLast || bytes.length !== last - first + 1) {
        return apiError(400, 'invalid_file_upload', `chunk ${index + 1} should be bytes ${expectedFirst}-${expectedLast}/${post.videoSize}`);
      }
      post.chunks.push(String(req.headers['content-range']));
      post.received += bytes.length;
      res.writeHead(post.chunks.length === post.totalChunkCount ? 201 : 206);
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === '/v2/post/publish/status/fetch/') {
      const grant = bearerGrant();
      if (!grant) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      const post = posts.find((p) => p.publishId === body()?.publish_id && p.openId === grant.openId);
      if (!post) return apiError(400, 'invalid_params', 'publish_id not found');
      post.polls += 1;
      if (post.failWith) return ok({ status: 'FAILED', fail_reason: post.failWith, publicaly_available_post_id: [], uploaded_bytes: post.received });
      if (post.received < post.videoSize || post.polls <= options.processingPolls) return ok({ status: 'PROCESSING_UPLOAD', fail_reason: '', publicaly_available_post_id: [], uploaded_bytes: post.received });
      post.postId ??= String(7_300_000_000_000_000_000n + BigInt(posts.indexOf(post) + 1));
      return ok({ status: 'PUBLISH_COMPLETE', fail_reason: '', publicaly_available_post_id: [post.postId], uploaded_bytes: post.received });
    }

    if (req.method === 'POST' && url.pathname === '/v2/video/query/') {
      const grant = bearerGrant();
      if (!grant) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      const ids: unknown = body()?.filters?.video_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) return apiError(400, 'invalid_params', 'filters.video_ids takes 1 to 20 ids');
      // Only the caller's own videos come back.
      const videos = posts
        .filter((p) => p.postId && ids.includes(p.postId) && p.openId === grant.openId)
        .map((p) => ({
          id: p.postId,
          title: p.title,
          create_time: 1_760_000_000,
          share_url: `https://www.tiktok.com/@rosastacos/video/${p.postId}`,
          view_count: p.figures.views,
          like_count: p.figures.likes,
          comment_count: p.figures.comments,
          share_count: p.figures.shares,
        }));
      return ok({ videos, cursor: 0, has_more: false });
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
    posts,
    revokeAll: () => grants.forEach((g) => (g.revoked = true)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeTiktok({ port: Number(process.argv[2] ?? 4110) });
  console.log(`fake TikTok on ${fake.url}`);
}
