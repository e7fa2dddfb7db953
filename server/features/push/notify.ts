import webpush from 'web-push';
import type { PushPayload } from '../../../src/contract/push.ts';
import type { Deps } from '../../deps.ts';
import { notificationSettings } from '../profile/account.service.ts';
import { vapidKeys } from './vapid.ts';

/** The kinds of long work that tell the owner when they are done; each is a switch in Notification settings. */
export type PushKind = 'importFinished' | 'campaignResults' | 'videoReady' | 'sendReminder';

export type NotifyDeps = Pick<Deps, 'db' | 'env' | 'logger' | 'now'> & { fetch?: typeof fetch };

/**
 * How long a push service keeps a message for a phone that is off (a finished import is stale after a day). A
 * reminder before a send passes its own `ttlSeconds`, so a phone that was off does not get it after the send went.
 */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * The one way long work tells the owner it is done: a Web Push to each of their devices that turned
 * notifications on, if this kind is switched on. The payload is encrypted for each device (RFC 8291,
 * aes128gcm) and signed with the server's VAPID key (RFC 8292); a device the push service no longer
 * knows (404/410) is removed. Never throws: a job's outcome does not depend on a notification.
 */
export async function notify(
  deps: NotifyDeps,
  userId: string,
  kind: PushKind,
  payload: Omit<PushPayload, 'kind'>,
  options: { ttlSeconds?: number } = {},
): Promise<{ sent: number; removed: number }> {
  const outcome = { sent: 0, removed: 0 };
  try {
    const user = await deps.db.selectFrom('users').select('notifications').where('id', '=', userId).executeTakeFirst();
    if (!user || !notificationSettings(user.notifications)[kind]) return outcome;
    const devices = await deps.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
    if (devices.length === 0) return outcome;
    const vapid = vapidKeys(deps.env);
    const body = JSON.stringify({ ...payload, kind } satisfies PushPayload);
    const send = deps.fetch ?? fetch;
    await Promise.all(
      devices.map(async (device) => {
        try {
          const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: options.ttlSeconds ?? TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            // Web Push (RFC 8030) is plain HTTP with these headers and an encrypted body: fetch sends it (web-push's own
            // sender only speaks https, which a local push service in tests does not).
          });
          const response = await send(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : undefined,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await response.body?.cancel().catch(() => undefined);
          if (response.status === 404 || response.status === 410) {
            await deps.db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
            outcome.removed += 1;
            return;
          }
          if (!response.ok) {
            deps.logger.warn({ status: response.status, kind, host: new URL(device.endpoint).host }, 'push service refused a notification');
            return;
          }
          await deps.db.updateTable('push_subscriptions').set({ last_sent_at: deps.now() }).where('id', '=', device.id).execute();
          outcome.sent += 1;
        } catch (error) {
          deps.logger.warn({ err: error, kind }, 'push notification not sent');
        }
      }),
    );
  } catch (error) {
    deps.logger.warn({ err: error, kind }, 'push notifications not sent');
  }
  return outcome;
}
