/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { drainOutbox } from '../src/lib/outbox/drain.ts';
import { DRAIN_MESSAGE, OUTBOX_SYNC_TAG } from '../src/lib/outbox/events.ts';
import { registerMediaCache } from './media-cache.ts';
import { registerPush } from './push.ts';
import { registerShareTarget } from './share-target.ts';

/**
 * Mise's service worker (vite-plugin-pwa injectManifest, built as IIFE):
 * - precaches the app shell (the build's HTML, JS, CSS, icons) and drops old precaches;
 * - answers every navigation with the precached shell, so `/` and deep links open offline;
 *   API answers are not cached here (the read cache is TanStack Query's, in IndexedDB), except
 *   seen media thumbnails (sw/media-cache.ts; wiped on sign-out through onWipeUserData);
 * - receives files shared to Mise (sw/share-target.ts) into IndexedDB and opens the upload sheet with them;
 * - shows Web Push notifications and opens their screen on tap (sw/push.ts);
 * - drains the outbox on Background Sync, and when a page asks (it is being hidden);
 * - waits for the page's "Reload" before taking over (registerType 'prompt').
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

// Photos and videos shared from another app (manifest share_target): before Workbox's routes, which only answer GETs.
registerShareTarget();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
// Seen media thumbnails, bounded (sw/media-cache.ts).
registerMediaCache();
// Notifications when long work is done (sw/push.ts).
registerPush();

// The first install controls open pages at once; an update only activates when the page says so.
clientsClaim();

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === DRAIN_MESSAGE) event.waitUntil(drainOutbox().then(() => undefined));
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(drainForSync(sync.lastChance));
});

async function drainForSync(lastChance: boolean) {
  // The browser fires sync when it is online: writes that waited on a network failure go now.
  const summary = await drainOutbox({}, { force: true });
  // Something is still waiting (server busy, connection flaky): a rejected sync is tried again later
  // by the browser. On its last chance the page's own triggers take over.
  if (summary.nextAttemptAt !== null && !lastChance) throw new Error('The outbox still has writes waiting');
}
