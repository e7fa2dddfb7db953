import { Hono } from 'hono';
import { ReportWindowQuerySchema } from '../../../src/contract/campaign-results.ts';
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
import {
  EmailAudienceQuerySchema,
  EmailCampaignListQuerySchema,
  LaunchEmailRequestSchema,
  ScheduleEmailRequestSchema,
  ScheduledEmailListQuerySchema,
} from '../../../src/contract/email-campaigns.ts';
import { RecipientsQuerySchema } from '../../../src/contract/sending.ts';
import { CreateEmailTemplateRequestSchema, EmailTemplateListQuerySchema, UpdateEmailTemplateRequestSchema } from '../../../src/contract/email-templates.ts';
import type { Deps } from '../../deps.ts';
import { countSegment, getOwnSegment, storedDefinition } from '../segments/segments.service.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { usageFor } from '../subscriptions/entitlements.ts';
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
import { cancelSend } from '../sending/engine.ts';
import { recipientsPage } from '../sending/send-stats.ts';
import {
  cancelScheduledEmail,
  emailAudience,
  emailReport,
  findEmailSend,
  getEmailCampaign,
  listEmailCampaigns,
  scheduledEmails,
  sendEmailCampaign,
  emailStats,
} from './email-campaigns.service.ts';
import { createTemplate, deleteTemplate, draftFromTemplate, getTemplate, listTemplates, templateCategories, updateTemplate } from './email-templates.service.ts';

/**
 * /api/v1/email: drafts and templates (spec §7 Email). Every write may come from the outbox (offline edits,
 * a retried tap), so every write takes an Idempotency-Key.
 */
/** Where links in emails point: PUBLIC_URL, or the address the owner reached Mise at. */
const baseUrlOf = (deps: Deps) => (requestUrl: string) => (deps.env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/+$/, '');

async function segmentSize(deps: Deps, userId: string, segmentId: string) {
  const segment = await getOwnSegment(deps.db, userId, segmentId);
  return countSegment(deps.db, userId, storedDefinition(segment), deps.now());
}

export function emailRoutes(deps: Deps) {
  const baseUrl = baseUrlOf(deps);
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
    .get('/usage', async (c) => {
      const [aiDrafts, templates] = await Promise.all([usageFor(deps.db, user(c), 'aiDraftsPerMonth', deps.now()), usageFor(deps.db, user(c), 'templatesPerMonth', deps.now())]);
      return c.json({ ai_drafts: aiDrafts, templates });
    })
    .get('/template-categories', (c) => c.json(templateCategories()))
    .get('/templates', validate('query', EmailTemplateListQuerySchema), async (c) => c.json({ results: await listTemplates(deps, user(c), c.req.valid('query').category) }))
    .get('/templates/:id', async (c) => c.json(await getTemplate(deps, user(c), c.req.param('id'))))
    .post('/templates', validate('json', CreateEmailTemplateRequestSchema), async (c) => c.json(await createTemplate(deps, user(c), c.req.valid('json')), 201))
    .put('/templates/:id', validate('json', UpdateEmailTemplateRequestSchema), async (c) => c.json(await updateTemplate(deps, user(c), c.req.param('id'), c.req.valid('json'))))
    .delete('/templates/:id', async (c) => c.json(await deleteTemplate(deps, user(c), c.req.param('id'))))
    .post('/templates/:id/use', async (c) => c.json(await draftFromTemplate(deps, user(c), c.req.param('id')), 201))
    // Sending (spec §7 Email: launch, schedule, scheduled, cancel, campaigns, report).
    .get('/audience', validate('query', EmailAudienceQuerySchema), async (c) => {
      const { segment, reachable } = await emailAudience(deps, user(c), c.req.valid('query').segmentation_id);
      return c.json({ recipients: reachable, segment_size: await segmentSize(deps, user(c), segment.id) });
    })
    .post('/campaigns/launch', validate('json', LaunchEmailRequestSchema), async (c) => c.json(await sendEmailCampaign(deps, user(c), c.req.valid('json'), baseUrl(c.req.url)), 201))
    .post('/campaigns/schedule', validate('json', ScheduleEmailRequestSchema), async (c) => c.json(await sendEmailCampaign(deps, user(c), c.req.valid('json'), baseUrl(c.req.url)), 201))
    .get('/campaigns', validate('query', EmailCampaignListQuerySchema), async (c) => c.json(await listEmailCampaigns(deps, user(c), c.req.valid('query'))))
    .get('/campaigns/:id', async (c) => c.json(await getEmailCampaign(deps, user(c), c.req.param('id'))))
    .get('/stats', validate('query', ReportWindowQuerySchema), async (c) => c.json(await emailStats(deps, user(c), c.req.valid('query').days)))
    .get('/campaigns/:id/report', validate('query', ReportWindowQuerySchema), async (c) => c.json(await emailReport(deps, user(c), c.req.param('id'), c.req.valid('query').days)))
    .get('/campaigns/:id/subscribers', validate('query', RecipientsQuerySchema), async (c) => {
      const send = await findEmailSend(deps, user(c), c.req.param('id'));
      const query = c.req.valid('query');
      return c.json(await recipientsPage(deps.db, send, query.page, query.status));
    })
    .get('/scheduled', validate('query', ScheduledEmailListQuerySchema), async (c) => c.json({ results: await scheduledEmails(deps, user(c), c.req.valid('query')) }))
    .post('/scheduled/:schedule_id/cancel', async (c) => c.json(await cancelScheduledEmail(deps, user(c), c.req.param('schedule_id'), (id) => cancelSend(deps, id))));
}
