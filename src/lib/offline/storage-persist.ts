import { reportStorageProblem } from './storage-problems.ts';

export const isStandalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);

/**
 * Asks the browser not to evict Mise's storage (the cache and the outbox) under pressure. Only on
 * an installed app: browsers grant it to installed apps, and asking in a tab would be noise.
 * Returns whether storage is persistent; never throws.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!isStandalone() || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    const granted = await navigator.storage.persist();
    const { quota, usage } = (await navigator.storage.estimate?.()) ?? {};
    if (quota && usage && usage / quota > 0.9) {
      reportStorageProblem('This phone is almost out of storage space for Mise. Free some space so changes made offline can be kept.');
    }
    return granted;
  } catch {
    return false;
  }
}
