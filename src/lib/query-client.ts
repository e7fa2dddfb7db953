import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not fix itself; network trouble and 5xx get a few tries.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
      },
    },
  });
}
