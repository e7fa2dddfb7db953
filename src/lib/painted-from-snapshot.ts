// What the signed-in first load needs of the saved home (src/lib/home-snapshot.ts, loaded later): its key and whether
// this page load was painted from it.

/** Where the saved home is kept (localStorage); index.html's loader (scripts/first-paint.ts) reads the same key. */
export const HOME_SNAPSHOT_KEY = 'mise.homeSnapshot';

/** The value of <html data-prerendered> when index.html painted the saved home (the sign-in screen's is ''). */
export const PAINTED_FROM_SNAPSHOT = 'home';

/**
 * This page load was painted from the saved home, read once at start: React's first render then draws the whole home
 * at once (not its usual second pass for the shortcuts, the date and the sidebar), so nothing on view blinks.
 */
export const paintedFromSnapshot =
  typeof document !== 'undefined' && document.documentElement.getAttribute('data-prerendered') === PAINTED_FROM_SNAPSHOT;

export const clearHomeSnapshot = () => localStorage.removeItem(HOME_SNAPSHOT_KEY);
