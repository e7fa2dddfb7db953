/**
 * The home as it was last drawn on this phone, painted from HTML on the next visit before the JavaScript has arrived
 * (issue 17: the home's largest paint, the week's headline, came only after ~150 KB of JavaScript, the router and
 * IndexedDB). The owner's figures are already kept on the phone (the read cache); this is the same thing, drawn.
 *
 * What is kept (localStorage, `HOME_SNAPSHOT_KEY`): #root's markup once the home has drawn its figures, saved again
 * whenever what it shows changes and when the page is hidden, with the build it was drawn by, the owner it belongs to
 * and the day it was drawn. index.html's loader (scripts/first-paint.ts) shows it only for the same build, the
 * signed-in owner and the same day, on "/" only, and fetches the JavaScript after that first paint; React's first
 * render then replaces it with the same screen. In the copy: every button and field is disabled (nothing would answer
 * a tap before the JavaScript; links are real links), notices that describe a moment (offline, a new version, install) and what a tap opened are
 * left out (`data-snapshot="omit"`) and the sync badge keeps its place without its state (`data-snapshot="hide"`).
 * Sign-out and another owner signing in drop it (src/lib/session.ts). Loaded after the home has drawn: not part of the
 * signed-in first load.
 */
import { HOME_SNAPSHOT_KEY } from './painted-from-snapshot.ts';
import { sessionStore } from './session.ts';

/** A saved home bigger than this is not kept (the home's markup is ~30–60 KB). */
const MAX_CHARS = 300_000;

export type HomeSnapshot = { build: string; user: string; day: string; html: string };

/** The build that drew the page: the entry file index.html's loader fetched (undefined without the loader: dev). */
const currentBuild = () => (window as { miseBuild?: string }).miseBuild;

/** The local calendar day, as the loader computes it too. */
export const snapshotDay = (date = new Date()) => date.toDateString();

/**
 * The rules of the style sheets the screens' files brought (the frame's and the home's own: not index.html's, which the
 * next visit has anyway), as one <style>: the saved home must not wait for those files to look the same. Later in the
 * document than index.html's sheet, as they are now, so the cascade is the same.
 */
function screenStyles(): string {
  const fromHtml = new Set((window as { miseStaticCss?: string[] }).miseStaticCss ?? []);
  let css = '';
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (fromHtml.has(link.href) || !link.sheet) continue;
    try {
      for (const rule of link.sheet.cssRules) css += rule.cssText;
    } catch {
      // another origin's sheet: not readable, not ours
    }
  }
  return css;
}

/** #root's markup as the loader may show it: top-level parts marked, controls disabled, momentary notices left out. */
export function snapshotMarkup(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const styles = document.createElement('style');
  styles.textContent = screenStyles();
  copy.prepend(styles);
  for (const element of copy.querySelectorAll('[data-snapshot="omit"]')) element.remove();
  for (const element of copy.querySelectorAll<HTMLElement>('[data-snapshot="hide"]')) element.style.visibility = 'hidden';
  for (const element of copy.querySelectorAll('button, input, select, textarea')) element.setAttribute('disabled', '');
  for (const element of copy.children) element.setAttribute('data-prerender', '');
  return copy.innerHTML;
}

/** Saves the home on screen for `userId`; false when there is nothing to save (not the home, no build, too big). */
export function saveHomeSnapshot(userId: string): boolean {
  const build = currentBuild();
  const root = document.getElementById('root');
  if (!build || !root || location.pathname !== '/') return false;
  const html = snapshotMarkup(root);
  if (html.length > MAX_CHARS) return false;
  const snapshot: HomeSnapshot = { build, user: userId, day: snapshotDay(), html };
  try {
    localStorage.setItem(HOME_SNAPSHOT_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    // Storage full or refused: the home is drawn by the JavaScript as before.
    return false;
  }
}

/** Saves the home for whoever is signed in, if it is on screen with its shortcuts (the second pass is drawn). */
function saveNow() {
  const userId = sessionStore.get()?.userId;
  if (userId && document.querySelector('nav[aria-label="Shortcuts"] a')) saveHomeSnapshot(userId);
}

let keeping = false;

/**
 * Called by the home once drawn: saves it when the browser is idle, and from then on again whenever what the home
 * shows changes (its figures refreshed) and when the page is hidden (a phone may end it there without another chance),
 * while the home is on screen.
 */
export function keepHomeSnapshot() {
  const later = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(saveNow, { timeout: 2000 }) : setTimeout(saveNow, 200));
  later();
  if (keeping) return;
  keeping = true;
  let waiting = false;
  new MutationObserver(() => {
    if (waiting || location.pathname !== '/') return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      later();
    }, 1000);
  }).observe(document.getElementById('root')!, { childList: true, subtree: true, characterData: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
}
