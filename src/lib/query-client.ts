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
        // A 4xx will not fix itself; network trouble and 5xx get a few tries.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
      },
      // Writes that must survive offline go through the outbox (src/lib/outbox); any other write
      // fails at once offline with the "You appear to be offline" message instead of hanging.
      mutations: { networkMode: 'always' },
    },
  });
}
