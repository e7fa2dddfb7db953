import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth-api.ts';

/** Which social sign-ins this server has set up; it changes only with the server's configuration. */
export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: authApi.providers, staleTime: 60 * 60_000 });
