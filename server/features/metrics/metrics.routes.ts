import { Hono } from 'hono';
import { TopPerformersQuerySchema } from '../../../src/contract/metrics.ts';
import type { Deps } from '../../deps.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import { customerMetrics, customersByAge, topPerformers } from './metrics.service.ts';

/** /api/v1/metrics: customer figures computed by SQL at request time, scoped to the signed-in owner. */
export const metricsRoutes = (deps: Deps) =>
  new Hono()
    .use(requireSession(deps))
    .get('/get-customers', async (c) => c.json({ data: await customerMetrics(deps.db, c.get('user').id, deps.now()) }))
    .get('/get-customers-by-age', async (c) => c.json({ data: { data: await customersByAge(deps.db, c.get('user').id, deps.now()) } }))
    .get('/get-top-performers', validate('query', TopPerformersQuerySchema), async (c) =>
      c.json({ data: await topPerformers(deps.db, c.get('user').id, c.req.valid('query').limit) }),
    );
