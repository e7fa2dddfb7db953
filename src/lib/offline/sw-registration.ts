/// <reference types="vite-plugin-pwa/vanillajs" />
import { useSyncExternalStore } from 'react';

/**
 * Registers the service worker on every page (installability and offline start need it before
 * sign-in too) and exposes "a new version is waiting" to the update prompt.
 */
type UpdateState = { needRefresh: boolean; applying: boolean };

let state: UpdateState = { needRefresh: false, applying: false };
const listeners = new Set<() => void>();
let update: ((reloadPage?: boolean) => Promise<void>) | undefined;
const CHECK_EVERY_MS = 60 * 60_000;
const SWITCH_WAIT_MS = 15_000;

function set(next: Partial<UpdateState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * After the first paint: once the browser has painted content and the main thread is idle (at most 2 s later), so the
 * worker's registration, workbox-window and the precache downloads never compete with what the screen needs first.
 * (The page's `load` event is too early: a signed-in page renders only once its stored answers are restored.)
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  afterFirstPaint(() => void register());
}

/**
 * Runs `work` once the browser has painted content and the main thread is idle (at most 2 s later); without paint
 * timing, after 3 s. Also used for the storage start-up of a signed-out page (main.tsx).
 */
export function afterFirstPaint(work: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(work, { timeout: 2000 });
  };
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below.
  }
  setTimeout(start, 3000);
}

async function register() {
  const { registerSW } = await import('virtual:pwa-register');
  update = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
    // An installed app may stay open for days: look for a new version every hour while online.
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });
}

/**
 * Switches to the waiting version, which reloads the page. Never while the outbox is sending: it takes the outbox
 * lock first (so it waits for a running drain), and from then on this page starts no drain of its own until the
 * reload happens (or 15 s, if the switch never comes). The lock itself is let go once the worker is told: the old
 * worker may have a Background Sync drain waiting for it, and Chromium activates the new worker only once the old
 * one's events have ended, so holding the lock until the reload would hold the reload.
 */
export async function applyUpdate() {
  if (!update || state.applying) return;
  set({ applying: true });
  const apply = update;
  // The outbox (and IndexedDB) on demand: this module is part of the first load, the outbox is not.
  const [{ withOutboxLock }, { holdPageDrains }] = await Promise.all([import('../outbox/drain.ts'), import('../outbox/client.ts')]);
  await withOutboxLock(async () => {
    holdPageDrains(SWITCH_WAIT_MS);
    await apply(true);
  });
  await new Promise((resolve) => setTimeout(resolve, SWITCH_WAIT_MS));
  set({ applying: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUpdateState = () => useSyncExternalStore(subscribe, () => state, () => state);
