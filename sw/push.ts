/// <reference lib="webworker" />
import type { PushPayload } from '../src/contract/push.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Web Push (server/features/push/notify.ts): shows what the server says is done; a tap opens (or focuses)
 * Mise on the screen the message names.
 */
export function registerPush() {
  self.addEventListener('push', (event) => {
    let payload: Partial<PushPayload>;
    try {
      payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
    } catch {
      payload = { body: event.data?.text() };
    }
    event.waitUntil(
      self.registration.showNotification(payload.title ?? 'Mise', {
        body: payload.body ?? '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: payload.tag,
        data: { url: payload.url ?? '/' },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
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
