import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError, RouteNotFound, RoutePending } from './ui/route-status.tsx';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns caching; the router just asks it every time.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // One pending and one error screen for every route (src/lib/route-data.ts says how routes load data).
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
