import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, removeOldestQuery, type PersistedClient } from '@tanstack/react-query-persist-client';
import { clientEnv } from '../env.ts';
import { sessionStore } from '../session.ts';
import { isQuotaError, openMiseDb } from './db.ts';
import { CACHE_MAX_AGE_MS, shouldPersistQuery } from './persisted-queries.ts';
import { reportStorageProblem } from './storage-problems.ts';

/**
 * The read cache on the device: TanStack Query's async storage persister over IndexedDB (`idb`).
 * (The design card names the sync storage persister, which only takes a synchronous storage such
 * as localStorage: it cannot reach IndexedDB, whose API is asynchronous, so the async one is used.)
 */
const QUERY_CACHE_KEY = 'query-cache';
const QUOTA_MESSAGE = 'This phone is running out of storage space, so Mise keeps less for offline use.';

const storage = {
  getItem: async (key: string) => (await (await openMiseDb()).get('kv', key)) ?? null,
  // Only for a signed-in owner: after sign-out a late, throttled save must not write the cache back.
  setItem: async (key: string, value: string) => {
    if (!sessionStore.get()) return;
    await (await openMiseDb()).put('kv', value, key);
  },
  removeItem: async (key: string) => {
    await (await openMiseDb()).delete('kv', key);
  },
};

/** A kept answer whose last refetch failed (offline) comes back as plain stale data, not as an error. */
function asStaleData(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

const persister = createAsyncStoragePersister({
  storage,
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
  serialize: (client) => JSON.stringify(asStaleData(client)),
  // Full disk: drop the oldest queries until it fits, and say so once; never throw into the app.
  retry: (props) => {
    if (!isQuotaError(props.error)) return undefined;
    if (props.errorCount === 1) reportStorageProblem(QUOTA_MESSAGE);
    return props.errorCount < 20 ? removeOldestQuery(props) : undefined;
  },
});

const options = (queryClient: QueryClient) => ({
  queryClient,
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  // A new build may change what the screens expect: its cache starts fresh.
  buster: clientEnv.buildId,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
});

/**
 * Restores the cache before the first render (not in PersistQueryClientProvider's effect): route
 * loaders run before any effect and would otherwise hit the network, which offline never answers.
 * Gives up after `timeoutMs` (a stuck IndexedDB must not keep the app blank).
 * What comes back from the device is shown at once but always counted stale, so every screen
 * re-checks with the server when online: saves are throttled, so the copy may miss the last change.
 */
export async function restoreQueryCache(queryClient: QueryClient, timeoutMs = 3000): Promise<void> {
  if (!sessionStore.get()) return;
  const restore = persistQueryClientRestore(options(queryClient))
    .then(() => queryClient.invalidateQueries({ refetchType: 'none' }))
    .catch(() => undefined);
  await Promise.race([restore, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

/**
 * Writes the allow-listed queries now, past the throttle: a screen opened a moment before the
 * connection drops (or the page reloads) must still open offline.
 */
async function flushQueryCache(queryClient: QueryClient) {
  const client: PersistedClient = {
    timestamp: Date.now(),
    buster: clientEnv.buildId,
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  };
  await storage.setItem(QUERY_CACHE_KEY, JSON.stringify(asStaleData(client))).catch(() => undefined);
}

/** How long after a change the read cache is saved (in the browser's idle time, at the latest `SAVE_WAIT_MS` later). */
const SAVE_AFTER_MS = 1000;
const SAVE_WAIT_MS = 1000;
const CHANGES = new Set(['added', 'removed', 'updated']);

/**
 * Saves the allow-listed queries a moment after they change. TanStack's `persistQueryClientSubscribe` throttles the
 * write but gathers the whole cache (`dehydrate`) on every cache event, dozens of times while a screen starts (each
 * fetch's start and end, each invalidation), inside the start's long tasks; here the cache is gathered once per save,
 * when the browser is idle.
 */
function saveAfterChanges(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const idle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: SAVE_WAIT_MS }) : setTimeout(work, 0));
  const save = () => {
    timer = undefined;
    if (!stopped) void persistQueryClientSave(options(queryClient)).catch(() => undefined);
  };
  const changed = (event: { type: string }) => {
    if (timer !== undefined || !CHANGES.has(event.type)) return;
    timer = setTimeout(() => idle(save), SAVE_AFTER_MS);
  };
  const offQueries = queryClient.getQueryCache().subscribe(changed);
  const offMutations = queryClient.getMutationCache().subscribe(changed);
  return () => {
    stopped = true;
    clearTimeout(timer);
    offQueries();
    offMutations();
  };
}

/**
 * Saves the allow-listed queries a moment after every change, and at once when the connection drops
 * or the page goes away (the save may still be waiting then). Returns the unsubscribe.
 */
export function persistQueryCache(queryClient: QueryClient) {
  const unsubscribe = saveAfterChanges(queryClient);
  if (typeof window === 'undefined') return unsubscribe;
  const flush = () => void flushQueryCache(queryClient);
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('offline', flush);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('offline', flush);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

export const removePersistedQueryCache = () => persister.removeClient();
