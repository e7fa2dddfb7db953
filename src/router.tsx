import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { clearStaleToasts } from './ui/notify.ts';
import { RoutePending } from './ui/route-pending.tsx';

// The error and not-found screens are not part of the first load: fetched when first shown (offline, the service
// worker's precache has them).
const RouteError = lazyRouteComponent(() => import('./ui/route-status.tsx'), 'RouteError');
const RouteNotFound = lazyRouteComponent(() => import('./ui/route-status.tsx'), 'RouteNotFound');

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
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
  // Toasts belong to the screen that raised them: moving on clears them (a just-raised one stays to be read).
  let navigationStartedAt = Date.now();
  router.subscribe('onBeforeNavigate', () => {
    navigationStartedAt = Date.now();
  });
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) clearStaleToasts(navigationStartedAt);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
