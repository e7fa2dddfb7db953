import { Hono } from 'hono';
import { ReportWindowQuerySchema } from '../../../src/contract/campaign-results.ts';
import {
  AddSequenceItemRequestSchema,
  CreateSequenceRequestSchema,
  SEQUENCE_MESSAGES,
  SequenceChoicesQuerySchema,
  SequenceListQuerySchema,
  SequenceStatusRequestSchema,
  UpdateSequenceItemRequestSchema,
  UpdateSequenceRequestSchema,
} from '../../../src/contract/sequences.ts';
import type { Deps } from '../../deps.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import {
  addItem,
  createSequence,
  deleteItem,
  getSequence,
  listSequences,
  previewSequence,
  sequenceReport,
  sequenceChoices,
  setSequenceStatus,
  updateItem,
  updateSequence,
} from './sequences.service.ts';

/** Where links inside the messages point: PUBLIC_URL, or the address the owner reached Mise at. */
const baseUrlOf = (deps: Deps, requestUrl: string) => (deps.env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/+$/, '');

/**
 * /api/v1/sequences (spec §7 Sequences): create with items, read, list, status, and the items. Every write may
 * come from the outbox (an edit made offline), so every write takes an Idempotency-Key.
 */
export function sequencesRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/', validate('query', SequenceListQuerySchema), async (c) => c.json({ results: await listSequences(deps, user(c), c.req.valid('query')) }))
    .get('/choices', validate('query', SequenceChoicesQuerySchema), async (c) => c.json({ results: await sequenceChoices(deps, user(c), c.req.valid('query').type) }))
    .post('/', validate('json', CreateSequenceRequestSchema), async (c) => {
      const sequence = await createSequence(deps, user(c), c.req.valid('json'), baseUrlOf(deps, c.req.url));
      return c.json({ message: SEQUENCE_MESSAGES.created, id: sequence.id, sequence }, 201);
    })
    .get('/:id', async (c) => c.json(await getSequence(deps, user(c), c.req.param('id'))))
    .post('/:id', validate('json', UpdateSequenceRequestSchema), async (c) => c.json({ message: 'Updated successfully', sequence: await updateSequence(deps, user(c), c.req.param('id'), c.req.valid('json')) }))
    .get('/:id/report', validate('query', ReportWindowQuerySchema), async (c) => c.json(await sequenceReport(deps, user(c), c.req.param('id'), c.req.valid('query').days)))
    .get('/:id/preview', async (c) => c.json(await previewSequence(deps, user(c), c.req.param('id'))))
    .post('/:id/status', validate('json', SequenceStatusRequestSchema), async (c) => {
      const sequence = await setSequenceStatus(deps, user(c), c.req.param('id'), c.req.valid('json').status, baseUrlOf(deps, c.req.url));
      return c.json({ message: SEQUENCE_MESSAGES.statusUpdated, sequence });
    })
    .post('/:id/items', validate('json', AddSequenceItemRequestSchema), async (c) => {
      const result = await addItem(deps, user(c), c.req.param('id'), c.req.valid('json').item);
      return c.json({ message: SEQUENCE_MESSAGES.itemAdded, ...result }, 201);
    })
    .post('/:id/items/:itemId', validate('json', UpdateSequenceItemRequestSchema), async (c) =>
      c.json({ message: SEQUENCE_MESSAGES.itemUpdated, sequence: await updateItem(deps, user(c), c.req.param('id'), c.req.param('itemId'), c.req.valid('json').updates) }),
    )
    .delete('/:id/items/:itemId', async (c) => c.json({ message: SEQUENCE_MESSAGES.itemDeleted, sequence: await deleteItem(deps, user(c), c.req.param('id'), c.req.param('itemId')) }));
}
