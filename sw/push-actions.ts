import type { PushCancelAction, PushPayload } from '../src/contract/push.ts';

/**
 * What the service worker shows for a push, and what a notification's "Cancel send" action does. Kept apart from
 * the worker's globals (sw/push.ts wires them to its events) so tests run them against the real server.
 */

/** NotificationOptions with `actions` (the TypeScript libraries leave them out). */
export type ShownNotification = {
  title: string;
  options: {
    body: string;
    icon: string;
    badge: string;
    tag?: string;
    actions?: Array<{ action: string; title: string }>;
    data: NotificationData;
  };
};

/** What a notification remembers for its click: the screen to open, and the action it may run. */
export type NotificationData = { url: string; cancel?: PushCancelAction };

const ICON = '/icons/icon-192.png';

export function notificationOf(payload: Partial<PushPayload>): ShownNotification {
  return {
    title: payload.title ?? 'Mise',
    options: {
      body: payload.body ?? '',
      icon: ICON,
      badge: ICON,
      tag: payload.tag,
      ...(payload.actions?.length ? { actions: payload.actions } : {}),
      data: { url: payload.url ?? '/', ...(payload.cancel ? { cancel: payload.cancel } : {}) },
    },
  };
}

/**
 * "Cancel send", tapped under a reminder: posts the reminder's single-use token to the server (same origin only) and
 * answers with the notification that says how it went: "Cancelled: …", or why it could not be (the server's reason,
 * or no connection), which opens the scheduled list on tap.
 */
export async function runCancelAction(cancel: PushCancelAction, origin: string, send: typeof fetch, tag?: string): Promise<ShownNotification> {
  const shown = (title: string, body: string): ShownNotification => ({ title, options: { body, icon: ICON, badge: ICON, tag, data: { url: cancel.fallbackUrl } } });
  const failed = (reason: string) => shown(`Not cancelled: “${cancel.campaign}”`, reason);
  const target = new URL(cancel.endpoint, origin);
  if (target.origin !== origin) return failed('This notification cannot cancel the campaign. Open Mise to cancel it.');
  let response: Response;
  try {
    response = await send(target.href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: cancel.token }),
      credentials: 'omit',
    });
  } catch {
    return failed('No connection. Open Mise and cancel it from the scheduled list.');
  }
  const body = (await response.json().catch(() => null)) as { message?: string; error?: string } | null;
  if (response.ok) return shown(body?.message ?? `Cancelled: “${cancel.campaign}”`, 'It will not be sent.');
  return failed(body?.error ?? `The server answered ${response.status}. Open Mise to cancel it.`);
}
