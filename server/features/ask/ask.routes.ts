import { Hono } from 'hono';
import { AskGraphRequestSchema, AskMessageRequestSchema, RenameAskConversationRequestSchema } from '../../../src/contract/ask.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { starterPrompts } from '../analytics/starter-prompts.ts';
import {
  askInConversation,
  createGraph,
  deleteConversation,
  deleteGraph,
  getConversation,
  getGraph,
  listConversations,
  listGraphs,
  renameConversation,
} from './ask.service.ts';

/**
 * /api/v1/ask: questions in words (text mode) and charts (graph mode) over the owner's own data (spec §7
 * Assistant). A question may be asked offline and sent later by the outbox, so every write takes an
 * Idempotency-Key: one answer per question, never two.
 */
export function askRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  // Bounded per owner, so a stuck button cannot keep the assistant (or a paid model) busy all night.
  const askLimit = (userId: string) => enforceRateLimit(deps, `ask:${userId}`, 120, 10 * 60);
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/starters', async (c) => {
      const zone = await deps.db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', user(c)).executeTakeFirst();
      const prompts = await starterPrompts(deps.db, user(c), { now: deps.now(), timeZone: zone?.time_zone ?? 'UTC' });
      return c.json({ prompts: prompts.map(({ prompt }) => ({ prompt })) });
    })
    .post('/messages', validate('json', AskMessageRequestSchema), async (c) => {
      await askLimit(user(c));
      return c.json(await askInConversation(deps, user(c), c.req.valid('json')));
    })
    .get('/conversations', async (c) => c.json(await listConversations(deps, user(c))))
    .get('/conversations/:id', async (c) => c.json(await getConversation(deps, user(c), c.req.param('id'))))
    .post('/conversations/:id/title', validate('json', RenameAskConversationRequestSchema), async (c) =>
      c.json(await renameConversation(deps, user(c), c.req.param('id'), c.req.valid('json').title)),
    )
    .delete('/conversations/:id', async (c) => c.json(await deleteConversation(deps, user(c), c.req.param('id'))))
    .post('/graphs', validate('json', AskGraphRequestSchema), async (c) => {
      await askLimit(user(c));
      return c.json(await createGraph(deps, user(c), c.req.valid('json')), 201);
    })
    .get('/graphs', async (c) => c.json(await listGraphs(deps, user(c))))
    .get('/graphs/:id', async (c) => c.json(await getGraph(deps, user(c), c.req.param('id'))))
    .delete('/graphs/:id', async (c) => c.json(await deleteGraph(deps, user(c), c.req.param('id'))));
}
