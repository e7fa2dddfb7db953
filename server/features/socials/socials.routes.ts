import { Hono } from 'hono';
import { TiktokConnectRequestSchema } from '../../../src/contract/socials.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import { connectTiktok, disconnectTiktok, tiktokLoginUrl, tiktokProfile, tiktokStatus } from './tiktok.service.ts';
import { idempotency } from '../../middleware/idempotency.ts';

/** /api/v1/socials: TikTok linking (spec §7 "POS and social"). Facebook, Instagram and Yelp have no API here yet. */
export const socialsRoutes = (deps: Deps) =>
  new Hono()
    .use('*', requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use('*', idempotency(deps))
    .get('/tiktok/status', async (c) => c.json(await tiktokStatus(deps, c.get('user').id)))
    .get('/tiktok/profile', async (c) => c.json({ user_profile: await tiktokProfile(deps, c.get('user').id) }))
    .get('/tiktok/login-url', async (c) => {
      const user = c.get('user');
      await enforceRateLimit(deps, `socials:tiktok-login:${user.id}`, 20, 15 * 60);
      return c.json({ login_url: await tiktokLoginUrl(deps, user.id, new URL(c.req.url).origin) });
    })
    .post('/tiktok/connect', validate('json', TiktokConnectRequestSchema), async (c) => {
      const user = c.get('user');
      await enforceRateLimit(deps, `socials:tiktok-connect:${user.id}`, 20, 15 * 60);
      return c.json(await connectTiktok(deps, user.id, c.req.valid('json'), new URL(c.req.url).origin));
    })
    .post('/tiktok/disconnect', async (c) => c.json(await disconnectTiktok(deps, c.get('user').id)));
