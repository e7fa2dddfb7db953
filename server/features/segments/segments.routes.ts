import { Hono } from 'hono';
import {
  CreateSegmentRequestSchema,
  GenerateSegmentRequestSchema,
  PreviewSegmentRequestSchema,
  SEGMENT_DELETED,
  SegmentCustomersQuerySchema,
  UpdateSegmentRequestSchema,
  type SegmentSummary,
} from '../../../src/contract/segments.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import type { Segment } from './segments.table.ts';
import {
  createSegment,
  deleteSegment,
  getOwnSegment,
  listSegments,
  previewSegment,
  proposeSegment,
  segmentCustomersPage,
  storedDefinition,
  toDetail,
  segmentCounts,
  updateSegmentTitle,
} from './segments.service.ts';
import { idempotency } from '../../middleware/idempotency.ts';

const summary = (segment: Pick<Segment, 'id' | 'title' | 'notes'>): SegmentSummary => ({
  id: segment.id,
  segmentation_title: segment.title,
  notes: segment.notes,
});

/**
 * /api/v1/segments. The bearer token alone says whose segments these are; the spec's `email` and
 * `access_key` body fields are accepted for compatibility and ignored.
 */
export const segmentsRoutes = (deps: Deps) => {
  const ai = deps.ai;
  // A model call may cost money: bound how often one owner can ask.
  const limitAi = (userId: string) => enforceRateLimit(deps, `segments:ai:${userId}`, 30, 60);

  return (
    new Hono()
      .use(requireSession(deps))
      // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
      .use(idempotency(deps))
      // POS-side list (spec §7: data = [{ id, customer_segment_name }]).
      .get('/get_customer_segments', async (c) => {
        const rows = await listSegments(deps.db, c.get('user').id);
        return c.json({ data: rows.map((row) => ({ id: row.id, customer_segment_name: row.title })) });
      })
      // Campaign-side list (results = [{ id, segmentation_title, notes }]).
      .get('/', async (c) => {
        const rows = await listSegments(deps.db, c.get('user').id);
        return c.json({ results: rows.map(summary) });
      })
      // How many customers each segment holds now, for the list's cards (apart, so the list itself stays instant).
      .get('/counts', async (c) => c.json({ counts: await segmentCounts(deps.db, c.get('user').id, deps.now()) }))
      // Create from the owner's words in one step (spec: "create a segment from a user_query").
      .post('/generate', validate('json', GenerateSegmentRequestSchema), async (c) => {
        const user = c.get('user');
        const { user_query } = c.req.valid('json');
        await limitAi(user.id);
        const proposal = await proposeSegment(ai, user_query, deps.now());
        const segment = await createSegment(deps.db, user.id, { title: proposal.title, definition: proposal.definition, query: user_query });
        return c.json(summary(segment), 201);
      })
      // What a query (or an adjusted definition) means, with the live count and five customers; saves nothing.
      .post('/preview', validate('json', PreviewSegmentRequestSchema), async (c) => {
        const user = c.get('user');
        const body = c.req.valid('json');
        const now = deps.now();
        let proposal;
        if (body.definition) {
          proposal = { title: body.user_query ?? 'New segment', definition: body.definition };
        } else {
          await limitAi(user.id);
          proposal = await proposeSegment(ai, body.user_query!, now);
        }
        return c.json(await previewSegment(deps.db, user.id, proposal, now));
      })
      // Save a definition the owner has checked and adjusted.
      .post('/', validate('json', CreateSegmentRequestSchema), async (c) => {
        const body = c.req.valid('json');
        const segment = await createSegment(deps.db, c.get('user').id, {
          title: body.segmentation_title,
          notes: body.notes,
          definition: body.definition,
          query: body.user_query,
        });
        return c.json(summary(segment), 201);
      })
      .get('/:id', async (c) => c.json(toDetail(await getOwnSegment(deps.db, c.get('user').id, c.req.param('id')))))
      .patch('/:id', validate('json', UpdateSegmentRequestSchema), async (c) => {
        const body = c.req.valid('json');
        const segment = await updateSegmentTitle(deps.db, c.get('user').id, c.req.param('id'), { title: body.segmentation_title, notes: body.notes }, deps.now());
        return c.json(summary(segment));
      })
      .delete('/:id', async (c) => {
        await deleteSegment(deps.db, c.get('user').id, c.req.param('id'));
        return c.json({ message: SEGMENT_DELETED });
      })
      // Customers of a segment, evaluated now: results.customers and next (spec §7).
      .get('/:id/customers', validate('query', SegmentCustomersQuerySchema), async (c) => {
        const userId = c.get('user').id;
        const segment = await getOwnSegment(deps.db, userId, c.req.param('id'));
        const { page } = c.req.valid('query');
        const { customers, count, next } = await segmentCustomersPage(deps.db, userId, storedDefinition(segment), deps.now(), page);
        return c.json({ results: { customers, count }, next });
      })
  );
};
