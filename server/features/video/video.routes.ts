import { Hono } from 'hono';
import {
  CreateScriptRequestSchema,
  PublishRequestSchema,
  ScriptListQuerySchema,
  UpdateScriptRequestSchema,
  VideoListQuerySchema,
  type VideoOptions,
} from '../../../src/contract/video.ts';
import type { Deps } from '../../deps.ts';
import { withAi } from '../../lib/ai-call.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { usageFor } from '../subscriptions/entitlements.ts';
import { analyticsByPublishId, creatorInfo, publishVideo, refreshFigures, videoAnalytics } from './video-publish.ts';
import { createScript, deleteScript, getScript, listScripts, updateScript } from './video-scripts.service.ts';
import { listSuggestions, scriptFromSuggestion } from './video-suggestions.ts';
import { createVideo, deleteVideo, getVideo, listVideos, retryVideo } from './videos.service.ts';

/**
 * /api/v1/video (spec §7 Video and audio): scripts from a concept, videos rendered from them by a job, and
 * their TikTok publishing and figures. Every write may come from the outbox, so every write takes an
 * Idempotency-Key.
 */
export function videoRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  const aiLimit = (userId: string) => enforceRateLimit(deps, `video:ai:${userId}`, 30, 10 * 60);
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/options', async (c) => {
      const usage = await usageFor(deps.db, user(c), 'videoRendersPerMonth', deps.now());
      const connected = Boolean(await deps.db.selectFrom('tiktok_connections').select('user_id').where('user_id', '=', user(c)).where('refresh_expires_at', '>', deps.now()).executeTakeFirst());
      const body: VideoOptions = { voices: deps.tts.voices(), tts: deps.tts.kind, usage, tiktok: { configured: deps.tiktok !== null, connected } };
      return c.json(body);
    })
    .post('/scripts', validate('json', CreateScriptRequestSchema), async (c) => {
      await aiLimit(user(c));
      return c.json(await withAi(() => createScript(deps, user(c), c.req.valid('json'))), 201);
    })
    .get('/suggestions', async (c) => c.json(await listSuggestions(deps, user(c))))
    .post('/suggestions/:id/script', async (c) => c.json(await scriptFromSuggestion(deps, user(c), c.req.param('id')), 201))
    .get('/scripts', validate('query', ScriptListQuerySchema), async (c) => c.json({ results: await listScripts(deps, user(c), c.req.valid('query').limit) }))
    .get('/scripts/:id', async (c) => c.json(await getScript(deps, user(c), c.req.param('id'))))
    .put('/scripts/:id', validate('json', UpdateScriptRequestSchema), async (c) => c.json(await updateScript(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .delete('/scripts/:id', async (c) => c.json(await deleteScript(deps, user(c), c.req.param('id'))))
    .post('/videos', async (c) => {
      const body = await c.req.parseBody();
      const form = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]));
      return c.json(await createVideo(deps, user(c), form), 201);
    })
    .get('/videos', validate('query', VideoListQuerySchema), async (c) => c.json({ results: await listVideos(deps, user(c), c.req.valid('query')) }))
    .get('/videos/:id', async (c) => c.json(await getVideo(deps, user(c), c.req.param('id'))))
    .post('/videos/:id/retry', async (c) => c.json(await retryVideo(deps, user(c), c.req.param('id'))))
    .delete('/videos/:id', async (c) => c.json(await deleteVideo(deps, user(c), c.req.param('id'))))
    .get('/tiktok/creator-info', async (c) => c.json(await creatorInfo(deps, user(c))))
    .post('/videos/:id/publish', validate('json', PublishRequestSchema), async (c) => c.json(await publishVideo(deps, user(c), c.req.param('id'), c.req.valid('json')), 202))
    .get('/videos/:id/analytics', async (c) => c.json(await videoAnalytics(deps, user(c), c.req.param('id'))))
    .get('/analytics/:publishId', async (c) => c.json(await analyticsByPublishId(deps, user(c), c.req.param('publishId'))))
    .post('/figures/refresh', async (c) => c.json(await refreshFigures(deps, user(c)), 202));
}
