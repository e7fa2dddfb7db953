import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth-api.ts';

/** Which social sign-ins this server has set up; it changes only with the server's configuration. */
const authKeys = {
  providers: ['auth', 'providers'] as const,
};

export const authQueries = {
  providers: () => queryOptions({ queryKey: authKeys.providers, queryFn: authApi.providers, staleTime: 60 * 60_000 }),
};
