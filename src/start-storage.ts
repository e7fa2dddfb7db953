import type { QueryClient } from '@tanstack/react-query';
import { registerMediaWipe } from './features/media/media-wipe.ts';
import { startOffline } from './lib/offline/start-offline.ts';

/**
 * The token mirror, the read cache and the outbox (IndexedDB): main.tsx loads this on its own (vite.config.ts puts it
 * in the `storage` file), one import instead of one per module.
 */
export function startStorage(queryClient: QueryClient) {
  // Sign-out leaves no pictures behind (only a signed-in page can sign out, and it starts this before rendering).
  registerMediaWipe();
  return startOffline(queryClient);
}
