import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { launchPhone, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// The heart of the design card, on Debian Chromium with a real (persistent) profile at a phone's
// size: read offline from the IndexedDB cache, queue writes offline, sync them exactly once.

test.describe.configure({ mode: 'serial' });

let server: OwnServer;
let context: BrowserContext | undefined;

test.beforeAll(async () => {
  server = ownServer('offline');
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
});
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

const badge = (page: Page) => page.getByTestId('sync-badge');

/** Signs in, opens the screens whose data must be there offline, and waits until it is on the device. */
async function onlineVisit(page: Page) {
  const account = await signUpAndSignIn(server, page);
  await waitForServiceWorker(page);
  await page.goto('/settings/notifications');
  await expect(page.getByRole('switch', { name: /Weekly summary/ })).toBeChecked();
  // The read cache is written to IndexedDB a moment after a change (throttled to 1 s).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('mise');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const value = await new Promise<unknown>((resolve) => {
          const get = db.transaction('kv').objectStore('kv').get('query-cache');
          get.onsuccess = () => resolve(get.result);
        });
        db.close();
        return typeof value === 'string' && value.includes('"me"');
      }),
    )
    .toBe(true);
  return account;
}

test('after one online visit, / and a deep link open offline with the shell and cached data', async () => {
  const phone = await launchPhone(server.origin, 'read');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Rosa');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName(/Offline, nothing waiting/);

  // A deep link straight into a signed-in screen: the shell comes from the service worker, the data from IndexedDB.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Weekly summary/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Product news/ })).not.toBeChecked();
  await page.goto('/profile');
  await expect(page.getByLabel('Display name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
});
