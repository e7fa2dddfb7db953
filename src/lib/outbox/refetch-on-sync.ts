import type { QueryClient } from '@tanstack/react-query';
import { subscribeOutboxEvents } from './events.ts';

/**
 * Once the server has a change (or it is discarded), the queries it touched are fetched again. Listening starts with
 * the page, before its first read: the service worker's Background Sync can send a change the moment the connection
 * returns, while this page is still starting, and a screen must not keep the answer it read just before that change
 * landed (the owner's offline edit would show the old value after the sync). Returns the undo.
 */
export function refetchOnSync(queryClient: QueryClient): () => void {
  return subscribeOutboxEvents((event) => {
    if (event.type === 'changed') return;
    for (const queryKey of event.invalidate) void queryClient.invalidateQueries({ queryKey });
  });
}
