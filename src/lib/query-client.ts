import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { CACHE_MAX_AGE_MS } from './offline/persisted-queries.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline reading: answers persisted to IndexedDB live as long as they may be restored (7 days),
        // and a query tries its fetch (the service worker or cache may answer) before pausing offline.
        gcTime: CACHE_MAX_AGE_MS,
        networkMode: 'offlineFirst',
        // A 4xx will not fix itself; network trouble and 5xx get a few tries. Offline, a failed fetch
        // says so at once (cached data stays on screen; a route loader can show its offline state)
        // instead of pausing until the connection returns, which would leave a screen blank.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          if (error instanceof ApiError && error.code === 'network' && typeof navigator !== 'undefined' && !navigator.onLine) return false;
          return failureCount < 3;
        },
      },
      // Writes that must survive offline go through the outbox (src/lib/outbox); any other write
      // fails at once offline with the "You appear to be offline" message instead of hanging.
      mutations: { networkMode: 'always' },
    },
  });
}
