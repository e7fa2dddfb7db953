// A local stand-in for TikTok's Research API as documented (developers.tiktok.com/doc/research-api-specs-query-videos,
// client-access-token-management): a client-credentials token, then POST /v2/research/video/query/ with a query,
// a date range (YYYYMMDD, at most 30 days), max_count ≤ 100 and a cursor; answers in TikTok's envelope
// {data, error{code,message,log_id}}. Its videos are fixtures; it checks what TikTok checks.
// Run alone: `node --import tsx tests/fakes/tiktok-research.ts 4150` (client key `research-key`, secret `research-secret`).
import type http from 'node:http';
import { listenFake, sendJson } from './fake-http.ts';

export type ResearchVideo = {
  id: number;
  music_id: number;
  hashtag_names: string[];
  region_code: string;
  create_date: string;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
};

export type FakeResearchOptions = { port?: number; clientKey?: string; clientSecret?: string; videos?: ResearchVideo[] };

export type FakeResearch = {
  url: string;
  options: Required<Pick<FakeResearchOptions, 'clientKey' | 'clientSecret'>>;
  /** Every query body received, in order. */
  queries: Record<string, unknown>[];
  tokensIssued: () => number;
  /** The next query calls answer this error (code, HTTP status). */
  failNext: (code: string, status: number, times?: number) => void;
  close: () => Promise<void>;
};

/** Fixture videos made in the days before `today`: three sounds in the US, one in GB, one sound-less video, and 140 more. */
export function defaultResearchVideos(today: Date = new Date()): ResearchVideo[] {
  const daysBefore = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const video = (id: number, music_id: number, hashtag_names: string[], views: number, region = 'US', create_date = daysBefore(2)) => ({
    id,
    music_id,
    hashtag_names,
    region_code: region,
    create_date,
    view_count: views,
    like_count: Math.round(views / 10),
    comment_count: Math.round(views / 100),
    share_count: Math.round(views / 200),
  });
  return [
    video(1, 7001, ['food', 'tacos'], 120_000),
    video(2, 7001, ['foodtok', 'tacos'], 80_000),
    video(3, 7002, ['cafe', 'coffee'], 150_000),
    video(4, 7003, ['brunch'], 9_000),
    // Too old for a week's trends.
    video(8, 7005, ['food'], 900_000, 'US', daysBefore(40)),
    video(5, 7001, ['food', 'streetfood'], 50_000),
    video(6, 7004, ['food'], 999_999, 'GB'),
    video(7, 0, ['food'], 500_000),
    ...Array.from({ length: 140 }, (_, i) => video(100 + i, 7100 + (i % 7), ['restaurant'], 1_000 + i)),
  ];
}

const ymd = /^\d{8}$/;
const days = (a: string, b: string) => (Date.UTC(+b.slice(0, 4), +b.slice(4, 6) - 1, +b.slice(6, 8)) - Date.UTC(+a.slice(0, 4), +a.slice(4, 6) - 1, +a.slice(6, 8))) / 86_400_000;

export async function startFakeResearch(options: FakeResearchOptions = {}): Promise<FakeResearch> {
  const clientKey = options.clientKey ?? 'research-key';
  const clientSecret = options.clientSecret ?? 'research-secret';
  const videos = options.videos ?? defaultResearchVideos();
  const tokens = new Set<string>();
  const queries: Record<string, unknown>[] = [];
  const searches = new Map<string, ResearchVideo[]>();
  let failures: { code: string; status: number; times: number } | null = null;
  const envelope = (res: http.ServerResponse, status: number, data: unknown, code = 'ok', message = '') => sendJson(res, status, { data, error: { code, message, log_id: `log-${Date.now()}` } });

  const readText = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });

  const server = await listenFake(
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v2/oauth/token/') {
        const form = new URLSearchParams(await readText(req));
        if (form.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type', log_id: 'x' });
        if (form.get('client_key') !== clientKey || form.get('client_secret') !== clientSecret) {
          return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'x' });
        }
        const token = `clt.${tokens.size + 1}.${Math.random().toString(36).slice(2)}`;
        tokens.add(token);
        return sendJson(res, 200, { access_token: token, expires_in: 7200, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && url.pathname === '/v2/research/video/query/') {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(bearer)) return envelope(res, 401, {}, 'access_token_invalid', 'The access token is invalid or not found in the request.');
        if (failures && failures.times > 0) {
          failures.times -= 1;
          return envelope(res, failures.status, {}, failures.code, 'Failure asked for by the test');
        }
        const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
        if (fields.length === 0) return envelope(res, 400, {}, 'invalid_params', 'fields is required');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readText(req)) as Record<string, unknown>;
        } catch {
          return envelope(res, 400, {}, 'invalid_params', 'The body is not JSON');
        }
        queries.push(body);
        const start = String(body.start_date ?? '');
        const end = String(body.end_date ?? '');
        if (!ymd.test(start) || !ymd.test(end) || days(start, end) < 0 || days(start, end) > 30) return envelope(res, 400, {}, 'invalid_params', 'start_date and end_date are YYYYMMDD, at most 30 days apart');
        const maxCount = Number(body.max_count ?? 20);
        if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > 100) return envelope(res, 400, {}, 'invalid_params', 'max_count is 1 to 100');
        const conditions = ((body.query as { and?: { operation: string; field_name: string; field_values: string[] }[] } | undefined)?.and ?? []);
        if (conditions.length === 0) return envelope(res, 400, {}, 'invalid_params', 'query is required');
        let searchId = typeof body.search_id === 'string' ? body.search_id : '';
        let matched = searchId ? searches.get(searchId) : undefined;
        if (!matched) {
          matched = videos.filter((video) => {
            if (video.create_date < start || video.create_date > end) return false;
            return conditions.every((condition) => {
              if (condition.operation !== 'IN') return false;
              if (condition.field_name === 'region_code') return condition.field_values.includes(video.region_code);
              if (condition.field_name === 'hashtag_name') return video.hashtag_names.some((tag) => condition.field_values.includes(tag));
              return false;
            });
          });
          searchId = `search-${searches.size + 1}`;
          searches.set(searchId, matched);
        }
        const cursor = Number(body.cursor ?? 0);
        const page = matched.slice(cursor, cursor + maxCount).map((video) => Object.fromEntries(Object.entries(video).filter(([key]) => fields.includes(key))));
        return envelope(res, 200, { videos: page, cursor: cursor + page.length, has_more: cursor + page.length < matched.length, search_id: searchId });
      }
      return envelope(res, 404, {}, 'invalid_params', 'No such endpoint in the fake');
    },
    (res, error) => sendJson(res, 500, { error: { code: 'internal_error', message: String(error) } }),
    options.port,
  );
  return {
    url: server.url,
    options: { clientKey, clientSecret },
    queries,
    tokensIssued: () => tokens.size,
    failNext: (code, status, times = 1) => {
      failures = { code, status, times };
    },
    close: server.close,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 4150);
  void startFakeResearch({ port }).then((fake) => console.log(`fake TikTok Research API on ${fake.url} (TIKTOK_RESEARCH_CLIENT_KEY=${fake.options.clientKey} TIKTOK_RESEARCH_CLIENT_SECRET=${fake.options.clientSecret} TIKTOK_RESEARCH_BASE_URL=${fake.url})`));
}
