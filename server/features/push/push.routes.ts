import { Hono } from 'hono';
import { PushCancelRequestSchema, PushSubscriptionRequestSchema, PushUnsubscribeRequestSchema, type PushSubscriptionRequest } from '../../../src/contract/push.ts';
import type { Deps } from '../../deps.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { cancelFromReminder } from './push-cancel.ts';
import { vapidKeys } from './vapid.ts';

/**
 * This device's Web Push subscription. Subscribing again (same endpoint) moves it to the caller's session; a
 * subscription is removed on sign-out with its session (migration 0170), on DELETE, and when the push service
 * answers 404/410 (notify.ts). Writes are idempotent by their endpoint, so they need no Idempotency-Key.
 * POST /sends/{id}/cancel is a reminder's "Cancel send" action (push-cancel.ts): no session, its token is the proof.
 */
export function pushRoutes(deps: Deps) {
  return new Hono<{ Variables: SessionVariables }>()
    .get('/key', requireSession(deps), (c) => c.json({ publicKey: vapidKeys(deps.env).publicKey }))
    .post('/subscriptions', requireSession(deps), validate('json', PushSubscriptionRequestSchema), async (c) => {
      const body: PushSubscriptionRequest = c.req.valid('json');
      const values = {
        user_id: c.get('user').id,
        session_id: c.get('sessionId'),
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      };
      await deps.db
        .insertInto('push_subscriptions')
        .values(values)
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: values.user_id, session_id: values.session_id, p256dh: values.p256dh, auth: values.auth, user_agent: values.user_agent }))
        .execute();
      return c.json({ message: 'Notifications are on for this device' }, 201);
    })
    .delete('/subscriptions', requireSession(deps), validate('json', PushUnsubscribeRequestSchema), async (c) => {
      // Only the caller's own subscription: another owner's endpoint is left alone (and the answer is the same).
      await deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', c.req.valid('json').endpoint).where('user_id', '=', c.get('user').id).execute();
      return c.json({ message: 'Notifications are off for this device' });
    })
    .post('/sends/:id/cancel', validate('json', PushCancelRequestSchema), async (c) => c.json(await cancelFromReminder(deps, c.req.param('id'), c.req.valid('json').token, c.get('user')?.id)));
}
