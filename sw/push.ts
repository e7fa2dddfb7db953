/// <reference lib="webworker" />
import { CANCEL_SEND_ACTION, type PushPayload } from '../src/contract/push.ts';
import { notificationOf, runCancelAction, type NotificationData, type ShownNotification } from './push-actions.ts';

declare const self: ServiceWorkerGlobalScope;

const show = (notification: ShownNotification) => self.registration.showNotification(notification.title, notification.options as NotificationOptions);

/**
 * Web Push (server/features/push/notify.ts): shows what the server says is done; a tap opens (or focuses)
 * Mise on the screen the message names. A reminder's "Cancel send" button cancels the send without opening
 * Mise (sw/push-actions.ts) and shows how it went.
 */
export function registerPush() {
  self.addEventListener('push', (event) => {
    let payload: Partial<PushPayload>;
    try {
      payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
    } catch {
      payload = { body: event.data?.text() };
    }
    event.waitUntil(show(notificationOf(payload)));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = (event.notification.data ?? null) as Partial<NotificationData> | null;
    if (event.action === CANCEL_SEND_ACTION && data?.cancel) {
      event.waitUntil(runCancelAction(data.cancel, self.location.origin, fetch.bind(self), event.notification.tag || undefined).then(show));
      return;
    }
    const target = new URL(data?.url ?? '/', self.location.origin);
    if (target.origin !== self.location.origin) return;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows[0];
        if (open) {
          await open.focus();
          await open.navigate(target.href).catch(() => undefined);
          return;
        }
        await self.clients.openWindow(target.href);
      })(),
    );
  });
}
