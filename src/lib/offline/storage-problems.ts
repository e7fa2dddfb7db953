import { useSyncExternalStore } from 'react';

/**
 * The last problem with on-device storage (quota, private mode, a browser that refused), shown by
 * the sync UI instead of crashing anything. Offline reading and the outbox degrade; the app runs.
 */
type StorageProblem = { message: string; at: number };

let current: StorageProblem | null = null;
const listeners = new Set<() => void>();

export function reportStorageProblem(message: string) {
  current = { message, at: Date.now() };
  for (const listener of listeners) listener();
}

export function clearStorageProblem() {
  current = null;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStorageProblem = () => useSyncExternalStore(subscribe, () => current, () => null);
