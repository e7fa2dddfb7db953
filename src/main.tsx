import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/touch.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureInstallPrompt } from './lib/offline/install-prompt.ts';
import { seedOnlineManager } from './lib/offline/online.ts';
import { afterFirstPaint, registerServiceWorker } from './lib/offline/sw-registration.ts';
import { createQueryClient } from './lib/query-client.ts';
import { sessionStore } from './lib/session.ts';
import { createAppRouter } from './router.tsx';
import { LazyNotifications } from './ui/lazy-notifications.tsx';
import { theme } from './ui/theme.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
seedOnlineManager();
// `beforeinstallprompt` fires early and once: listened for from the start.
captureInstallPrompt();
// After the first paint.
registerServiceWorker();

// The token mirror, the read cache and the outbox (IndexedDB) are their own chunk, started once. No top-level await:
// a module that awaits a chunk which imports back from it never finishes evaluating (the page stays empty).
let storage: Promise<void> | undefined;
const startStorage = () =>
  (storage ??= Promise.all([import('./lib/offline/start-offline.ts'), import('./features/media/media-wipe.ts')]).then(
    ([{ startOffline }, { registerMediaWipe }]) => {
      // Sign-out leaves no pictures behind (only a signed-in page can sign out, and it starts this before rendering).
      registerMediaWipe();
      return startOffline(queryClient);
    },
    () => undefined,
  ));

const render = () =>
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
  );

if (sessionStore.get()) {
  // Signed in: the cached answers are restored before the first render, so a repeat visit (or an offline start) shows
  // them at once instead of a spinner.
  void startStorage().finally(render);
} else {
  // Signed out (the sign-in screens need none of it): after the first paint, or as soon as a session begins. When
  // index.html has painted the sign-in screen (scripts/first-paint.ts), React draws once the route's file is there:
  // its first commit is that screen, not an empty page in between.
  if (document.documentElement.hasAttribute('data-prerendered')) void router.load().finally(render);
  else render();
  afterFirstPaint(() => void startStorage());
  const stop = sessionStore.subscribe(() => {
    stop();
    void startStorage();
  });
}
