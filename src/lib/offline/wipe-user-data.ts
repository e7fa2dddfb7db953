import { postOutboxEvent } from '../outbox/events.ts';
import { openMiseDb, USER_STORES } from './db.ts';

const extraWipes = new Set<() => Promise<void> | void>();

/** For anything else a feature keeps on the device for the owner (e.g. resumable upload records). */
export function onWipeUserData(wipe: () => Promise<void> | void): () => void {
  extraWipes.add(wipe);
  return () => extraWipes.delete(wipe);
}

/**
 * Sign-out on a shared phone must leave nothing of the owner behind: the persisted query cache,
 * the outbox (ops and files), the mirrored token and the sequence counters, in one transaction.
 * Called by the sign-out function (src/features/auth/sign-out.ts) after the session is cleared,
 * so the cache persister (which only writes for a signed-in owner) cannot write it back.
 */
export async function wipeUserData(): Promise<void> {
  const db = await openMiseDb();
  const tx = db.transaction([...USER_STORES], 'readwrite');
  await Promise.all(USER_STORES.map((store) => tx.objectStore(store).clear()));
  await tx.done;
  await Promise.all([...extraWipes].map((wipe) => Promise.resolve(wipe()).catch(() => undefined)));
  postOutboxEvent({ type: 'changed' });
}
