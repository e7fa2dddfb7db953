import { Hono } from 'hono';
import {
  CompleteEmailDraftRequestSchema,
  CreateEmailDraftRequestSchema,
  EmailDraftListQuerySchema,
  EmailPreviewRequestSchema,
  RefreshEmailDraftImagesRequestSchema,
  RegenerateEmailDraftRequestSchema,
  UpdateEmailDraftContentRequestSchema,
  UpdateEmailDraftTitleRequestSchema,
} from '../../../src/contract/email-drafts.ts';
import { CreateEmailTemplateRequestSchema, EmailTemplateListQuerySchema, UpdateEmailTemplateRequestSchema } from '../../../src/contract/email-templates.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import {
  completeDraft,
  createDraft,
  deleteDraft,
  getDraft,
  listDrafts,
  previewContent,
  refreshDraftImages,
  regenerateDraft,
  updateDraftContent,
  updateDraftTitle,
} from './email-drafts.service.ts';
import { createTemplate, deleteTemplate, draftFromTemplate, getTemplate, listTemplates, templateCategories, updateTemplate } from './email-templates.service.ts';

/**
 * /api/v1/email: drafts and templates (spec §7 Email). Every write may come from the outbox (offline edits,
 * a retried tap), so every write takes an Idempotency-Key.
 */
export function emailRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  // The AI writes: bounded per owner, so a stuck button cannot spend a month's drafts in a minute.
  const aiLimit = (userId: string) => enforceRateLimit(deps, `email:ai:${userId}`, 30, 10 * 60);
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .post('/drafts', validate('json', CreateEmailDraftRequestSchema), async (c) => {
      await aiLimit(user(c));
      return c.json(await createDraft(deps, user(c), c.req.valid('json')), 201);
    })
    .get('/drafts', validate('query', EmailDraftListQuerySchema), async (c) => c.json({ results: await listDrafts(deps, user(c), c.req.valid('query').status) }))
    .get('/drafts/:id', async (c) => c.json(await getDraft(deps, user(c), c.req.param('id'))))
    .post('/drafts/:id/regenerate', validate('json', RegenerateEmailDraftRequestSchema), async (c) => {
      await aiLimit(user(c));
      return c.json(await regenerateDraft(deps, user(c), c.req.param('id'), c.req.valid('json').version));
    })
    .post('/drafts/:id/refresh-images', validate('json', RefreshEmailDraftImagesRequestSchema), async (c) =>
      c.json(await refreshDraftImages(deps, user(c), c.req.param('id'), c.req.valid('json').version)),
    )
    .post('/drafts/:id/complete', validate('json', CompleteEmailDraftRequestSchema), async (c) => c.json(await completeDraft(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .post('/drafts/:id/title', validate('json', UpdateEmailDraftTitleRequestSchema), async (c) => c.json(await updateDraftTitle(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .post('/drafts/:id/content', validate('json', UpdateEmailDraftContentRequestSchema), async (c) => c.json(await updateDraftContent(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .delete('/drafts/:id', async (c) => c.json(await deleteDraft(deps, user(c), c.req.param('id'))))
    .post('/preview', validate('json', EmailPreviewRequestSchema), async (c) => c.json(await previewContent(deps, user(c), c.req.valid('json'))))
    .get('/template-categories', (c) => c.json(templateCategories()))
    .get('/templates', validate('query', EmailTemplateListQuerySchema), async (c) => c.json({ results: await listTemplates(deps, user(c), c.req.valid('query').category) }))
    .get('/templates/:id', async (c) => c.json(await getTemplate(deps, user(c), c.req.param('id'))))
    .post('/templates', validate('json', CreateEmailTemplateRequestSchema), async (c) => c.json(await createTemplate(deps, user(c), c.req.valid('json')), 201))
    .put('/templates/:id', validate('json', UpdateEmailTemplateRequestSchema), async (c) => c.json(await updateTemplate(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .delete('/templates/:id', async (c) => c.json(await deleteTemplate(deps, user(c), c.req.param('id'))))
    .post('/templates/:id/use', async (c) => c.json(await draftFromTemplate(deps, user(c), c.req.param('id')), 201));
}
