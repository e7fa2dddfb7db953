import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/touch.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOffline } from './lib/offline/start-offline.ts';
import { registerMediaWipe } from './features/media/media-wipe.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { LazyNotifications } from './ui/lazy-notifications.tsx';
import { theme } from './ui/theme.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// Service worker, token mirror, the read cache restored from IndexedDB and the outbox, before the first render.
await startOffline(queryClient);
registerMediaWipe();

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
