import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '../../lib/api.ts';
import { wipeUserData } from '../../lib/offline/wipe-user-data.ts';
import { sessionStore } from '../../lib/session.ts';

/**
 * The one way a session ends on this device (menu, password change, expiry): tell the server,
 * then forget the token and every cached answer so nothing of this owner stays on a shared phone.
 * Everything else that holds the owner's data (IndexedDB cache, outbox) is wiped here too.
 */
export async function signOut(queryClient: QueryClient) {
  if (sessionStore.get()) {
    // Sign-out ends the session on the server; what it answers does not matter. (Called here, not through authApi:
    // the signed-in first load carries the sign-out but none of the sign-in screens' calls and contracts.)
    // Offline or an already dead token: the local sign-out still has to happen.
    await api('/auth/signout', v.unknown(), { method: 'POST' }).catch(() => undefined);
  }
  sessionStore.set(null);
  queryClient.clear();
  // The server dropped this device's push subscription with the session; the browser forgets it too.
  // (push-client.ts is fetched here: it is not part of the signed-in first load.)
  await import('../../lib/push/push-client.ts').then(({ forgetPushSubscription }) => forgetPushSubscription()).catch(() => undefined);
  // The persisted cache, the outbox (queued writes and their files) and the token mirror in IndexedDB.
  await wipeUserData().catch(() => undefined);
}
