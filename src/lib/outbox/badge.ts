import { openMiseDb } from '../offline/db.ts';
import { listOps } from './store.ts';

type BadgeNavigator = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * The home-screen icon's badge shows how many changes wait on this phone (Badging API, where the browser has
 * it: installed Mise on Chromium, iOS 16.4+ home-screen apps). Called by the page and the service worker
 * after every drain round and whenever the outbox changes.
 */
export async function updateAppBadge(): Promise<void> {
  const nav = globalThis.navigator as (Navigator & BadgeNavigator) | undefined;
  if (!nav?.setAppBadge) return;
  try {
    const auth = await (await openMiseDb()).get('auth', 'current');
    const waiting = auth ? (await listOps(auth.userId)).length : 0;
    await (waiting > 0 ? nav.setAppBadge(waiting) : (nav.clearAppBadge?.() ?? nav.setAppBadge(0)));
  } catch {
    // No badge is no harm.
  }
}
