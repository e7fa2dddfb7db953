import { Hono } from 'hono';
import { DashboardQuerySchema } from '../../../src/contract/dashboard.ts';
import type { Deps } from '../../deps.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { dashboard } from './dashboard.service.ts';

/** GET /api/v1/dashboard?days=7|30|90: the owner's campaigns over the window, and what came back to the till. */
export function dashboardRoutes(deps: Deps) {
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .get('/', validate('query', DashboardQuerySchema), async (c) => c.json(await dashboard(deps.db, c.get('user').id, c.req.valid('query').days, deps.now())));
}
