import { Hono } from 'hono';
import { ReportWindowQuerySchema } from '../../../src/contract/campaign-results.ts';
import * as v from 'valibot';
import { RecipientsQuerySchema } from '../../../src/contract/sending.ts';
import {
  LaunchTextRequestSchema,
  ListScheduledTextsRequestSchema,
  RegenerateTextRequestSchema,
  RenameTextConversationRequestSchema,
  ScheduleTextRequestSchema,
  TextChatRequestSchema,
  TextSendPreviewRequestSchema,
  UpdateTextDraftRequestSchema,
  UpdateTextTitleRequestSchema,
} from '../../../src/contract/text.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { cancelSend } from '../sending/engine.ts';
import { recipientsPage } from '../sending/send-stats.ts';
import {
  campaignSend,
  cancelScheduledText,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewSend,
  readiness,
  regenerate,
  scheduledTexts,
  sendText,
  textReport,
  textStats,
  updateDraftText,
  updateTitle,
} from './sms-campaigns.service.ts';
import { chat, getConversation, listConversations, renameConversation } from './text-chat.service.ts';

const CampaignListQuerySchema = v.object({ view: v.optional(v.picklist(['all', 'drafts', 'sent'], 'view is all, drafts or sent'), 'all') });

/** Where links and Twilio's callbacks point: PUBLIC_URL, or the address the owner reached Mise at. */
const baseUrlOf = (deps: Deps, requestUrl: string) => (deps.env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/+$/, '');

/**
 * /api/v1/text: the AI chat, texts, launch and schedule, the scheduled list and reports (spec §7 Text). Every
 * write may come from the outbox (a message typed offline, an edit), so every write takes an Idempotency-Key.
 */
export function textRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  // The AI writes: bounded per owner, so a stuck button cannot run the assistant all night.
  const aiLimit = (userId: string) => enforceRateLimit(deps, `text:ai:${userId}`, 60, 10 * 60);
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/readiness', async (c) => c.json(await readiness(deps, user(c))))
    .post('/chat', validate('json', TextChatRequestSchema), async (c) => {
      await aiLimit(user(c));
      return c.json(await chat(deps, user(c), c.req.valid('json')));
    })
    .get('/conversations', async (c) => c.json(await listConversations(deps, user(c))))
    .get('/conversations/:id', async (c) => c.json(await getConversation(deps, user(c), c.req.param('id'))))
    .post('/conversations/:id/title', validate('json', RenameTextConversationRequestSchema), async (c) =>
      c.json(await renameConversation(deps, user(c), c.req.param('id'), c.req.valid('json').title)),
    )
    .get('/campaigns', validate('query', CampaignListQuerySchema), async (c) => c.json({ campaigns: await listCampaigns(deps, user(c), c.req.valid('query').view) }))
    .post('/campaigns/regenerate', validate('json', RegenerateTextRequestSchema), async (c) => {
      await aiLimit(user(c));
      return c.json(await regenerate(deps, user(c), c.req.valid('json')));
    })
    .post('/campaigns/draft', validate('json', UpdateTextDraftRequestSchema), async (c) => c.json(await updateDraftText(deps, user(c), c.req.valid('json'))))
    .post('/campaigns/title', validate('json', UpdateTextTitleRequestSchema), async (c) => c.json(await updateTitle(deps, user(c), c.req.valid('json'))))
    .post('/campaigns/preview', validate('json', TextSendPreviewRequestSchema), async (c) => c.json(await previewSend(deps, user(c), c.req.valid('json'))))
    .post('/campaigns/launch', validate('json', LaunchTextRequestSchema), async (c) => c.json(await sendText(deps, user(c), c.req.valid('json'), baseUrlOf(deps, c.req.url)), 201))
    .post('/campaigns/schedule', validate('json', ScheduleTextRequestSchema), async (c) => c.json(await sendText(deps, user(c), c.req.valid('json'), baseUrlOf(deps, c.req.url)), 201))
    .get('/campaigns/:id', async (c) => c.json(await getCampaign(deps, user(c), c.req.param('id'))))
    .delete('/campaigns/:id', async (c) => c.json(await deleteCampaign(deps, user(c), c.req.param('id'))))
    .get('/campaigns/:id/report', validate('query', ReportWindowQuerySchema), async (c) => c.json(await textReport(deps, user(c), c.req.param('id'), c.req.valid('query').days)))
    .get('/campaigns/:id/subscribers', validate('query', RecipientsQuerySchema), async (c) => {
      const { send } = await campaignSend(deps, user(c), c.req.param('id'));
      const query = c.req.valid('query');
      return c.json(await recipientsPage(deps.db, send, query.page, query.status));
    })
    .get('/scheduled', validate('query', ListScheduledTextsRequestSchema), async (c) => c.json({ results: await scheduledTexts(deps, user(c), c.req.valid('query')) }))
    .post('/scheduled/:id/cancel', async (c) => c.json(await cancelScheduledText(deps, user(c), c.req.param('id'), (id) => cancelSend(deps, id))))
    .get('/stats', validate('query', ReportWindowQuerySchema), async (c) => c.json(await textStats(deps, user(c), c.req.valid('query').days)));
}
