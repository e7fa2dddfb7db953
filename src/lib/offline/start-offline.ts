import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../session.ts';
import { captureInstallPrompt } from './install-prompt.ts';
import { seedOnlineManager } from './online.ts';
import { registerServiceWorker } from './sw-registration.ts';

/**
 * Everything offline, started once before the first render (main.tsx): the service worker, the online state, and for a
 * signed-in page the token mirror, the restored read cache and the outbox (start-storage.ts). Signed out, the sign-in
 * screens need none of those: they (and IndexedDB's wrapper, ~6 KB gzip) load when a session starts.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  seedOnlineManager();
  captureInstallPrompt();
  registerServiceWorker();
  if (sessionStore.get()) {
    const { startStorage } = await import('./start-storage.ts');
    await startStorage(queryClient);
    return;
  }
  const unsubscribe = sessionStore.subscribe(() => {
    if (!sessionStore.get()) return;
    unsubscribe();
    void import('./start-storage.ts').then(({ startStorage }) => startStorage(queryClient));
  });
}
