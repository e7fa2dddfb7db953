import { resumeAuthBlocked } from '../outbox/store.ts';
import { openMiseDb, type AuthRecord } from './db.ts';

// Whose data the cache holds; kept when a session merely expires, so another owner signing in next is noticed.
const OWNER_KEY = 'owner';

/**
 * The bearer token, mirrored into IndexedDB: the outbox reads it at send time, in the page and in
 * the service worker (which cannot read localStorage). Returns what the caller must react to:
 * `otherOwner` when someone else's data is on this device, `resumed` ops that waited for a sign-in.
 */
export async function mirrorAuth(next: AuthRecord | null): Promise<{ otherOwner: boolean; resumed: number }> {
  const db = await openMiseDb();
  if (!next) {
    await db.delete('auth', 'current');
    return { otherOwner: false, resumed: 0 };
  }
  const [previous, owner] = await Promise.all([db.get('auth', 'current'), db.get('kv', OWNER_KEY)]);
  if (previous?.token === next.token && owner === next.userId) return { otherOwner: false, resumed: 0 };
  const tx = db.transaction(['auth', 'kv'], 'readwrite');
  await tx.objectStore('auth').put(next, 'current');
  await tx.objectStore('kv').put(next.userId, OWNER_KEY);
  await tx.done;
  return { otherOwner: owner !== undefined && owner !== next.userId, resumed: await resumeAuthBlocked(next.userId) };
}

