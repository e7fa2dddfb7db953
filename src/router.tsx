import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Suspense } from 'react';
import { routeTree } from './routeTree.gen.ts';
import { clearStaleToasts } from './ui/notify.ts';
import { lazyOr } from './ui/lazy-or.tsx';
import { RoutePending } from './ui/route-pending.tsx';

// The error and not-found screens are not part of the first load: fetched when first shown (offline, the service
// worker's precache has them).
// When that file is out of reach (offline on a first visit), plain words and a way home instead: never a reload.
const LazyRouteError = lazyOr(() => import('./ui/route-status.tsx').then((m) => m.RouteError), PlainRouteError);
const LazyRouteNotFound = lazyOr(() => import('./ui/route-status.tsx').then((m) => m.RouteNotFound), PlainRouteError);
const RouteError = (props: ErrorComponentProps) => (
  <Suspense fallback={<RoutePending />}>
    <LazyRouteError {...props} />
  </Suspense>
);
const RouteNotFound = () => (
  <Suspense fallback={<RoutePending />}>
    <LazyRouteNotFound />
  </Suspense>
);

function PlainRouteError() {
  return (
    <div role="alert" data-testid="route-error">
      <p>
        <strong>{navigator.onLine ? 'Could not open this' : 'You are offline'}</strong>
      </p>
      <p>This could not be loaded. Try again in a moment.</p>
      <a href="/" style={{ display: 'inline-block', padding: '10px 0', fontWeight: 600, color: 'var(--mantine-primary-color-filled)' }}>
        Home
      </a>
    </div>
  );
}

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
