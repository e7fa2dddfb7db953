import { useSyncExternalStore } from 'react';
import { isStandalone } from './storage-persist.ts';

/**
 * "Install Mise": Chromium (Android, desktop) fires `beforeinstallprompt` once, early, when the app
 * is installable; it is kept here from the start (main.tsx) so the button can use it later.
 * iOS Safari has no such event: the way there is Share → Add to Home Screen, which the UI explains.
 */
type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

export type InstallState = { canPrompt: boolean; installed: boolean; ios: boolean };

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false, ios: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** iPhone or iPad in Safari (not Chrome/Firefox on iOS, whose menus differ), not yet installed. */
function isIosSafari() {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

export function captureInstallPrompt() {
  set({ installed: isStandalone(), ios: isIosSafari() && !isStandalone() });
  // Fired before this script ran (index.html's loader fetches it after the first paint, and keeps the event).
  const early = (window as { miseInstallPrompt?: BeforeInstallPromptEvent }).miseInstallPrompt;
  if (early) {
    deferred = early;
    set({ canPrompt: true });
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own button instead of the browser's mini-infobar
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
  });
}

/** Shows the browser's install dialog; resolves true when the owner accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null; // the event can be used once
  set({ canPrompt: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useInstallState = () => useSyncExternalStore(subscribe, () => state, () => state);
