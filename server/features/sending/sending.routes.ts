import { Hono } from 'hono';
import { RecipientsQuerySchema } from '../../../src/contract/sending.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { applyBounce, parseBounce } from './bounces.ts';
import { cancelSend, pauseSend, resendUncertain, resumeSend } from './engine.ts';
import { recipientsPage, toSendSummary } from './send-stats.ts';
import { trackingKeys } from './tracking-keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/v1/sends/{id}: what the owner can do with any send (email or text), and its recipients. */
export function sendsRoutes(deps: Deps) {
  const own = async (userId: string, id: string) => {
    if (!UUID.test(id)) throw notFound('No such campaign');
    const send = await deps.db.selectFrom('sends').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!send) throw notFound('No such campaign');
    return send;
  };
  const summary = async (userId: string, id: string) => {
    const send = await own(userId, id);
    const segment = send.segment_id ? await deps.db.selectFrom('segments').select('title').where('id', '=', send.segment_id).executeTakeFirst() : undefined;
    const transport = send.channel === 'email' ? { label: deps.campaignMailer.label, delivers: deps.campaignMailer.kind === 'smtp' } : { label: 'Texts', delivers: true };
    return toSendSummary(send, segment?.title ?? null, transport);
  };
  const act = (work: (id: string) => Promise<boolean | number>, done: string, refused: string) => async (c: { get: (key: 'user') => SessionVariables['user']; req: { param: (name: 'id') => string }; json: (body: unknown) => Response }) => {
    const userId = c.get('user').id;
    const send = await own(userId, c.req.param('id'));
    const result = await work(send.id);
    if (result === false || result === 0) throw new AppError(409, refused, 'conflict');
    return c.json({ message: typeof result === 'number' ? done.replace('{n}', String(result)) : done, send: await summary(userId, send.id) });
  };
  return new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/:id', async (c) => c.json(await summary(c.get('user').id, c.req.param('id'))))
    .get('/:id/recipients', validate('query', RecipientsQuerySchema), async (c) => {
      const send = await own(c.get('user').id, c.req.param('id'));
      const query = c.req.valid('query');
      return c.json(await recipientsPage(deps.db, send, query.page, query.status));
    })
    .post('/:id/pause', act((id) => pauseSend(deps, id), 'Campaign paused', 'Only a campaign that is sending can be paused.'))
    .post('/:id/resume', act((id) => resumeSend(deps, id), 'Campaign resumed', 'Only a paused campaign can be resumed.'))
    .post('/:id/cancel', act((id) => cancelSend(deps, id), 'Campaign cancelled successfully', 'This campaign has already finished.'))
    .post('/:id/resend-uncertain', act((id) => resendUncertain(deps, id), 'Sending to {n} again', 'Nothing is waiting for a decision.'));
}

/**
 * POST /api/v1/mail/bounces?secret=…: the relay passes on bounce mail (DSN) and complaints (ARF) it received for
 * the VERP return path, as the raw message. Off unless BOUNCE_WEBHOOK_SECRET is set.
 */
export function bounceRoutes(deps: Deps) {
  const keys = trackingKeys(deps.env);
  return new Hono().post('/', async (c) => {
    const secret = deps.env.BOUNCE_WEBHOOK_SECRET;
    if (!secret) throw new AppError(404, 'No such API endpoint', 'not_found');
    if (c.req.query('secret') !== secret) throw new AppError(403, 'This bounce report is not signed with the right secret', 'forbidden');
    const report = await parseBounce(Buffer.from(await c.req.arrayBuffer()), keys);
    if (!report) return c.json({ message: 'Not a bounce of a Mise campaign; ignored' });
    const applied = await applyBounce(deps, report);
    return c.json({ message: applied ? `Recorded a ${report.kind === 'complaint' ? 'complaint' : `${report.kind} bounce`}` : 'No such recipient; ignored' });
  });
}
