import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session.ts';
import { refetchOnSync } from '../outbox/refetch-on-sync.ts';
import { mirrorAuth } from './auth-mirror.ts';
import { persistQueryCache, removePersistedQueryCache, restoreQueryCache } from './persister.ts';
import { requestPersistentStorage } from './storage-persist.ts';
import { afterFirstPaint } from './sw-registration.ts';
import { reportStorageProblem } from './storage-problems.ts';

// The outbox's sender (drain, tus uploads) is fetched after the first paint: nothing on the first screen waits for it
// (~3.6 KB gzip less before a signed-in page's first paint). Pending changes stay in IndexedDB meanwhile.
const outbox = () => new Promise<void>((resolve) => afterFirstPaint(resolve)).then(() => import('../outbox/client.ts'));

const STORAGE_BROKEN = 'Mise cannot use this browser’s storage (private browsing?). It works, but not offline.';

/**
 * The storage half of offline, loaded on its own (main.tsx): the token mirror, the restored read cache, the outbox.
 * With a session it runs before the first render (the cached answers show at once); signed out, after the first paint.
 * The online state, the install prompt and the service worker start in main.tsx itself.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  refetchOnSync(queryClient);
  let owner = sessionStore.get()?.userId ?? null;
  let tail: Promise<void> = Promise.resolve();
  // Session changes are mirrored one after another, in order.
  const mirror = () => {
    const session = sessionStore.get();
    if (session && owner && session.userId !== owner) {
      // Someone else signed in on this device after a session ended without sign-out: none of the
      // previous owner's answers may show.
      void queryClient.resetQueries();
    }
    const signedIn = Boolean(session && session.userId !== owner);
    if (session) owner = session.userId;
    tail = tail.then(async () => {
      try {
        const { otherOwner, resumed } = await mirrorAuth(session ? { token: session.token, userId: session.userId } : null);
        if (otherOwner) await removePersistedQueryCache();
        if (resumed) void outbox().then(({ drainSoon }) => drainSoon());
        if (signedIn) void requestPersistentStorage();
      } catch {
        reportStorageProblem(STORAGE_BROKEN);
      }
    });
    return tail;
  };

  await withTimeout(mirror(), 3000);
  if (sessionStore.get()) void requestPersistentStorage();
  await restoreQueryCache(queryClient);
  persistQueryCache(queryClient);
  sessionStore.subscribe(() => void mirror());
  void outbox().then(
    ({ startOutbox }) => startOutbox(),
    // Not fetched (offline before the service worker cached it): the changes wait in IndexedDB for the next start
    // (or the worker's Background Sync).
    () => undefined,
  );
}

const withTimeout = (work: Promise<void>, ms: number) => Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
