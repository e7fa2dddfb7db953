import { PushKeyResponseSchema, PushSubscriptionResponseSchema } from '../../contract/push.ts';
import { api } from '../api.ts';

/**
 * This device's Web Push subscription (the switch "Notifications on this phone"). The server pushes when an
 * import, a campaign or a video is done (server/features/push/notify.ts); the service worker shows it.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration()).pushManager.getSubscription().catch(() => null);
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const urlBase64ToBytes = (value: string) => {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

/** Asks the browser's permission, subscribes with the server's VAPID key and tells the server this device's address. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await api('/push/key', PushKeyResponseSchema);
  const manager = (await registration()).pushManager;
  let subscription = await manager.getSubscription();
  // Made for another key (the server's keys changed): start again.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && new Uint8Array(key).join() !== urlBase64ToBytes(publicKey).join()) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(publicKey) });
  await api('/push/subscriptions', PushSubscriptionResponseSchema, { method: 'POST', json: subscription.toJSON() });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await api('/push/subscriptions', PushSubscriptionResponseSchema, { method: 'DELETE', json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** Sign-out: the server dropped this device with the session; the browser forgets the subscription too. */
export async function forgetPushSubscription() {
  if (!pushSupported()) return;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => undefined);
}
