import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** TanStack Query assumes online until an event says otherwise; an app opened offline must start offline. */
export function seedOnlineManager() {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
