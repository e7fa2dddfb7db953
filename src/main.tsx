import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/touch.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './lib/offline/install-prompt.ts';
import { seedOnlineManager } from './lib/offline/online.ts';
import { afterFirstPaint, registerServiceWorker } from './lib/offline/sw-registration.ts';
import { paintedFromSnapshot } from './lib/painted-from-snapshot.ts';
import { createQueryClient } from './lib/query-client.ts';
import { sessionStore } from './lib/session.ts';
import { createAppRouter } from './router.tsx';
import { LazyNotifications } from './ui/lazy-notifications.tsx';
import { theme } from './ui/theme.ts';

const queryClient = createQueryClient();
seedOnlineManager();
// `beforeinstallprompt` fires early and once: listened for from the start.
captureInstallPrompt();
// After the first paint.
registerServiceWorker();

// The token mirror, the read cache and the outbox (IndexedDB) are their own chunk, started once. No top-level await:
// a module that awaits a chunk which imports back from it never finishes evaluating (the page stays empty).
let storage: Promise<void> | undefined;
const startStorage = () =>
  (storage ??= import('./start-storage.ts').then(
    (m) => m.startStorage(queryClient),
    () => undefined,
  ));

/**
 * Lets the browser run what waits (input, paint) before the next start-up step: evaluating the first files, building
 * the router's tree of every route and React's first render were one long task after another's end, each 100–400 ms on
 * a slow phone.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

// The router (it builds the tree of all the app's routes) is made in a task of its own, after the files' evaluation.
const routerReady = nextTask().then(() => createAppRouter(queryClient));

// React renders in a transition: in short slices, letting the browser in between (the first render of a screen was one
// task of 200–800 ms on a slow phone); its one commit, and what suspends and shows a fallback, are the same.
const render = (router: Awaited<typeof routerReady>) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="light">
          {/* At most two toasts at once; the rest wait their turn instead of covering the screen. */}
          <LazyNotifications position="top-center" zIndex={1000} limit={2} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );

/** The route's file and data loaded in a task of their own, React renders in the one after. */
const loadThenRender = (router: Awaited<typeof routerReady>) =>
  nextTask()
    .then(() => router.load())
    .then(nextTask, nextTask)
    .then(() => render(router));

if (sessionStore.get()) {
  // Signed in: the cached answers are restored before the first render, so a repeat visit (or an offline start) shows
  // them at once instead of a spinner.
  const restored = startStorage();
  // When index.html painted the saved home (src/lib/home-snapshot.ts), React draws once the route's file and figures
  // are there, so its first commit is that same screen, not a fallback in between.
  void routerReady.then((router) => restored.finally(() => (paintedFromSnapshot ? loadThenRender(router) : render(router))));
} else {
  // Signed out (the sign-in screens need none of it): after the first paint, or as soon as a session begins. When
  // index.html has painted the sign-in screen (scripts/first-paint.ts), React draws once the route's file is there:
  // its first commit is that screen, not an empty page in between.
  if (document.documentElement.hasAttribute('data-prerendered')) {
    // Its tree built, the router matches /signin and loads its file in the next task, React renders in the one after.
    void routerReady.then(loadThenRender);
  } else void routerReady.then(render);
  afterFirstPaint(() => void startStorage());
  const stop = sessionStore.subscribe(() => {
    stop();
    void startStorage();
  });
}
