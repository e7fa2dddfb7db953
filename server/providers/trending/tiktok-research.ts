import type { TrendingSound } from '../../../src/contract/audio.ts';

/**
 * Trending sounds from TikTok's Research API (developers.tiktok.com/doc/research-api-specs-query-videos and
 * client-access-token-management). TikTok has no trending-sounds endpoint, so this gathers the recent videos of
 * a region that carry food and restaurant hashtags, and ranks their sounds (music_id) by the views of the videos
 * using them. Figures are TikTok's, summed over the gathered videos; nothing is made up.
 *
 * 1. `POST /v2/oauth/token/` (form: client_key, client_secret, grant_type=client_credentials) → access_token,
 *    expires_in (a client token, kept until a minute before it lapses).
 * 2. `POST /v2/research/video/query/?fields=id,music_id,hashtag_names,view_count,like_count,comment_count,share_count`
 *    JSON {query:{and:[region_code IN, hashtag_name IN]}, start_date, end_date (YYYYMMDD, ≤ 30 days apart),
 *    max_count ≤ 100, cursor, search_id} → data{videos[], cursor, has_more, search_id}. Errors are
 *    `{error:{code,message,log_id}}`; 429 rate_limit_exceeded (the Research API allows 1000 requests a day).
 */
export type TrendingProvider = {
  source: 'tiktok_research';
  trending: (request: { region: string; now: Date; signal?: AbortSignal }) => Promise<{ sounds: TrendingSound[]; videosSeen: number }>;
};

export type TiktokResearchOptions = {
  clientKey: string;
  clientSecret: string;
  baseUrl: string;
  /** Hashtags the gathered videos carry (any of them). */
  hashtags?: string[];
  /** Days back from `now` (TikTok allows up to 30). */
  days?: number;
  /** Pages of up to 100 videos each. */
  pages?: number;
  /** Sounds returned, most viewed first. */
  top?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const DEFAULT_TRENDING_HASHTAGS = ['food', 'foodtok', 'restaurant', 'cafe', 'coffee', 'brunch', 'foodie'];

export class TrendingError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'TrendingError';
    this.code = code;
    this.status = status;
  }
}

type ResearchVideo = {
  id?: number | string;
  music_id?: number | string;
  hashtag_names?: string[];
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
};

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/** Sounds ranked by the views of the videos using them; hashtags by how often they go with the sound. */
export function aggregateSounds(videos: ResearchVideo[], top: number): TrendingSound[] {
  const bySound = new Map<string, { sound: TrendingSound; tags: Map<string, number> }>();
  const seen = new Set<string>();
  for (const video of videos) {
    const musicId = video.music_id === undefined || video.music_id === null ? '' : String(video.music_id);
    if (!/^\d{1,30}$/.test(musicId) || musicId === '0') continue;
    const videoId = String(video.id ?? '');
    if (videoId && seen.has(videoId)) continue;
    if (videoId) seen.add(videoId);
    let entry = bySound.get(musicId);
    if (!entry) {
      entry = {
        sound: { music_id: musicId, hashtags: [], play_count: 0, comments: 0, shares: 0, likes: 0, videos: 0, url: `https://www.tiktok.com/music/-${musicId}` },
        tags: new Map(),
      };
      bySound.set(musicId, entry);
    }
    entry.sound.play_count += count(video.view_count);
    entry.sound.likes += count(video.like_count);
    entry.sound.comments += count(video.comment_count);
    entry.sound.shares += count(video.share_count);
    entry.sound.videos += 1;
    for (const tag of new Set((video.hashtag_names ?? []).map((name) => String(name).trim().toLowerCase()).filter(Boolean))) {
      entry.tags.set(tag, (entry.tags.get(tag) ?? 0) + 1);
    }
  }
  return [...bySound.values()]
    .map(({ sound, tags }) => ({ ...sound, hashtags: [...tags.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 6).map(([tag]) => tag) }))
    .sort((a, b) => b.play_count - a.play_count || b.videos - a.videos || a.music_id.localeCompare(b.music_id))
    .slice(0, top);
}

export function createTiktokResearchProvider(options: TiktokResearchOptions): TrendingProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let token: { value: string; until: number } | null = null;

  async function call(path: string, init: RequestInit, signal?: AbortSignal): Promise<{ status: number; body: Record<string, unknown> }> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]) });
    } catch (error) {
      throw new TrendingError('unreachable', `TikTok could not be reached (${error instanceof Error ? error.message : 'network error'})`, 502);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  async function accessToken(now: number, signal?: AbortSignal): Promise<string> {
    if (token && token.until > now) return token.value;
    const form = new URLSearchParams({ client_key: options.clientKey, client_secret: options.clientSecret, grant_type: 'client_credentials' });
    const { status, body } = await call('/v2/oauth/token/', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form }, signal);
    if (status !== 200 || typeof body.access_token !== 'string') {
      const code = typeof body.error === 'string' ? body.error : 'token_failed';
      throw new TrendingError(code, `TikTok refused the Research API credentials (${code}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''})`, status || 502);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 7200;
    token = { value: body.access_token, until: now + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  return {
    source: 'tiktok_research',
    async trending({ region, now, signal }) {
      const days = Math.min(30, Math.max(1, options.days ?? 7));
      const start = new Date(now.getTime() - days * 86_400_000);
      const hashtags = options.hashtags?.length ? options.hashtags : DEFAULT_TRENDING_HASHTAGS;
      const fields = 'id,music_id,hashtag_names,view_count,like_count,comment_count,share_count';
      const videos: ResearchVideo[] = [];
      let cursor = 0;
      let searchId = '';
      for (let page = 0; page < (options.pages ?? 3); page++) {
        const bearer = await accessToken(now.getTime(), signal);
        const request = {
          query: {
            and: [
              { operation: 'IN', field_name: 'region_code', field_values: [region] },
              { operation: 'IN', field_name: 'hashtag_name', field_values: hashtags },
            ],
          },
          start_date: ymd(start),
          end_date: ymd(now),
          max_count: 100,
          cursor,
          ...(searchId ? { search_id: searchId } : {}),
        };
        const { status, body } = await call(
          `/v2/research/video/query/?fields=${fields}`,
          { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(request) },
          signal,
        );
        const error = (body.error ?? {}) as { code?: string; message?: string };
        if (status === 401) token = null;
        if (status !== 200 || (error.code && error.code !== 'ok')) {
          const code = error.code ?? 'http_error';
          const words = code === 'rate_limit_exceeded' ? 'TikTok’s Research API limit is reached for now; try again later' : `TikTok’s Research API refused the request (${code}${error.message ? `: ${error.message}` : ''})`;
          throw new TrendingError(code, words, status === 200 ? 502 : status);
        }
        const data = (body.data ?? {}) as { videos?: ResearchVideo[]; cursor?: number; has_more?: boolean; search_id?: string };
        videos.push(...(Array.isArray(data.videos) ? data.videos : []));
        if (!data.has_more || typeof data.cursor !== 'number') break;
        cursor = data.cursor;
        searchId = typeof data.search_id === 'string' ? data.search_id : searchId;
      }
      return { sounds: aggregateSounds(videos, options.top ?? 20), videosSeen: videos.length };
    },
  };
}
