// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost/"}
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveHomeSnapshot, snapshotDay, snapshotMarkup, type HomeSnapshot } from '../../../src/lib/home-snapshot.ts';
import { HOME_SNAPSHOT_KEY } from '../../../src/lib/painted-from-snapshot.ts';
import { sessionStore, type Session } from '../../../src/lib/session.ts';

const session = (userId: string): Session => ({
  token: 't',
  userId,
  name: 'Rosa Martinez',
  email: 'rosa@example.com',
  image: null,
  phoneNumber: null,
  activeSubscription: null,
  activeSubscriptionStart: null,
  activeSubscriptionEnd: null,
});

const HOME = `
  <div class="frame">
    <header><span data-snapshot="hide"><button aria-label="All changes saved">cloud</button></span><button>Marta</button></header>
    <main>
      <div role="status" data-snapshot="omit">You are offline</div>
      <h1>Good evening, Marta</h1>
      <p>Your campaigns this week brought back 4 guests who spent $120</p>
      <input value="x"><textarea></textarea><select></select>
      <nav aria-label="Shortcuts"><a href="/customers">Customers</a></nav>
    </main>
  </div>
  <style>.x{color:red}</style>`;

const saved = () => JSON.parse(localStorage.getItem(HOME_SNAPSHOT_KEY) ?? 'null') as HomeSnapshot | null;

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${HOME}</div>`;
  (window as { miseBuild?: string }).miseBuild = '/assets/index-abc.js';
  localStorage.clear();
});
afterEach(() => {
  sessionStore.set(null);
  delete (window as { miseBuild?: string }).miseBuild;
});

describe('the saved home', () => {
  it('is the markup on screen with its controls disabled, momentary notices left out and the sync state hidden', () => {
    const copy = document.createElement('div');
    copy.innerHTML = snapshotMarkup(document.getElementById('root')!);
    expect(copy.textContent).toContain('Good evening, Marta');
    expect(copy.textContent).toContain('brought back 4 guests who spent $120');
    expect(copy.textContent).not.toContain('You are offline');
    expect(copy.querySelector<HTMLElement>('[data-snapshot="hide"]')!.style.visibility).toBe('hidden');
    for (const control of copy.querySelectorAll('button, input, select, textarea')) expect(control.hasAttribute('disabled'), control.outerHTML).toBe(true);
    // Links stay real links; every top-level part is marked for the loader's rule (hidden unless <html> is marked).
    expect(copy.querySelector('a[href="/customers"]')).not.toBeNull();
    for (const part of copy.children) expect(part.hasAttribute('data-prerender'), part.outerHTML.slice(0, 40)).toBe(true);
    // What is on screen is not changed by taking the copy.
    expect(document.querySelector('#root [data-prerender]')).toBeNull();
    expect(document.querySelector('#root button')!.hasAttribute('disabled')).toBe(false);
  });

  it('is kept with the build, the owner and the day the loader checks', () => {
    expect(saveHomeSnapshot('user-1')).toBe(true);
    const snapshot = saved()!;
    expect(snapshot).toMatchObject({ build: '/assets/index-abc.js', user: 'user-1', day: new Date().toDateString() });
    expect(snapshot.html).toContain('Good evening, Marta');
    expect(snapshotDay(new Date(2026, 11, 7, 23, 59))).toBe(new Date(2026, 11, 7, 0, 1).toDateString());
  });

  it('is not kept without the build (a dev server), off the home, or when it is too big', () => {
    delete (window as { miseBuild?: string }).miseBuild;
    expect(saveHomeSnapshot('user-1')).toBe(false);
    (window as { miseBuild?: string }).miseBuild = '/assets/index-abc.js';
    history.pushState(null, '', '/customers');
    expect(saveHomeSnapshot('user-1')).toBe(false);
    history.pushState(null, '', '/');
    document.getElementById('root')!.insertAdjacentHTML('beforeend', `<p>${'x'.repeat(300_001)}</p>`);
    expect(saveHomeSnapshot('user-1')).toBe(false);
    expect(saved()).toBeNull();
  });

  it('is dropped at sign-out and when another owner signs in, kept when the same owner is updated', () => {
    sessionStore.set(session('user-1'));
    saveHomeSnapshot('user-1');
    sessionStore.update({ name: 'Rosa M.' });
    expect(saved()?.user).toBe('user-1');
    sessionStore.set(session('user-2'));
    expect(saved()).toBeNull();
    saveHomeSnapshot('user-2');
    sessionStore.set(null);
    expect(saved()).toBeNull();
  });
});
