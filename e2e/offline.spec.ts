import type { BrowserContext, Page } from '@playwright/test';
import { expect, openAccountMenu, test } from './fixtures.ts';
import { launchPhone, nextBuild, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

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
  await server.dispose();
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
  const added = await page.request.post(`${server.origin}/api/v1/customers/manual/customer-manual`, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { given_name: 'Ana', family_name: 'Quintero-Vidal', email_address: 'ana.quintero@example.test' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/customers');
  await expect(page.getByText('Quintero-Vidal').first()).toBeVisible();
  await expect.poll(async () => (await dumpStorage(page)).includes('Quintero-Vidal'), { timeout: 10_000 }).toBe(true);

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
  // The customer list (the design card's first offline list).
  await page.goto('/customers');
  await expect(page.getByText('Quintero-Vidal').first()).toBeVisible();
  // A screen never opened online has nothing cached: it still opens in the shell and says why.
  await page.goto('/media');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
});

const notificationsOf = async (page: Page, token: string) => {
  const me = await page.request.get(`${server.origin}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { notifications: Record<string, boolean> }).notifications;
};
const flagOf = (request: { postDataJSON: () => unknown }) => Object.keys(request.postDataJSON() as object)[0];

test('a write queued offline survives a reload and reaches the server exactly once, even when the answer is lost', async () => {
  const phone = await launchPhone(server.origin, 'queue');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);
  const weekly = page.getByRole('switch', { name: /Weekly summary/ });

  await context.setOffline(true);
  await weekly.click();
  await expect(page.getByText('Saved on this phone. It will sync when you are back online.')).toBeVisible();
  await expect(weekly).not.toBeChecked();
  await expect(badge(page)).toHaveAccessibleName(/^1 change waiting to sync/);

  // Still offline: the reload comes from the service worker, the write from the outbox in IndexedDB.
  await page.reload();
  await expect(weekly).not.toBeChecked();
  await expect(page.getByText(/Waiting to sync/)).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName(/^1 change waiting to sync/);

  // Back online, the server stores the write and applies it, but the answer never arrives.
  let attempts = 0;
  await context.route('**/api/v1/users/notifications/**', async (route) => {
    attempts += 1;
    if (attempts > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect(badge(page)).toHaveAccessibleName('All changes saved', { timeout: 30_000 });
  expect(attempts).toBe(2);
  await expect(weekly).not.toBeChecked();
  expect((await notificationsOf(page, account.token)).weeklySummary).toBe(false);

  // The server's side: two requests with the same key, the second answered from the store.
  const path = `/api/v1/users/notifications/${account.userId}`;
  const posts = server.logs().filter((line) => line.msg === 'request' && line.method === 'POST' && line.path === path);
  expect(posts.map((line) => line.status)).toEqual([200, 200]);
  expect(server.logs().filter((line) => line.msg === 'idempotent replay' && line.path === path)).toHaveLength(1);
  // …and its rows: one stored write for this owner.
  const rows = await server.withDatabase((db) =>
    db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('user_id', '=', account.userId).execute(),
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.status_code).toBe(200);
});

test('in order per entity: a 409 holds the rest of its chain, not another entity; discarding it lets the chain go on', async () => {
  const phone = await launchPhone(server.origin, 'order');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);

  await context.setOffline(true);
  // Three ordered changes to the notification settings…
  await page.getByRole('switch', { name: /Campaign results/ }).click();
  await page.getByRole('switch', { name: /Weekly summary/ }).click();
  await page.getByRole('switch', { name: /Point of sale import/ }).click();
  // All three are on the phone (the count says so) before the page is left.
  await expect(badge(page)).toHaveAccessibleName(/^3 changes waiting to sync/);
  // …and one to another entity, the profile (a deep link, offline).
  await page.goto('/profile');
  await page.getByLabel('Display name').fill('Rosa Offline');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('profile-waiting')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName(/^4 changes waiting to sync/);

  const seen: string[] = [];
  await context.route('**/api/v1/users/**', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const what = request.url().includes('/notifications/') ? flagOf(request)! : 'profile';
    seen.push(what);
    if (what === 'weeklySummary') {
      return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Weekly summary was changed on another device' }) });
    }
    return route.continue();
  });
  await context.setOffline(false);

  await expect(badge(page)).toHaveAccessibleName('2 changes waiting to sync, 1 needs you', { timeout: 30_000 });
  expect(seen.filter((what) => what !== 'profile')).toEqual(['campaignResults', 'weeklySummary']);
  expect(seen).toContain('profile');
  await badge(page).click();
  const sheet = page.getByTestId('sync-sheet');
  const conflict = sheet.getByTestId('sync-op').filter({ hasText: 'Weekly summary' });
  await expect(conflict).toHaveAttribute('data-status', 'conflict');
  await expect(conflict).toContainText('Weekly summary was changed on another device');
  const held = sheet.getByTestId('sync-op').filter({ hasText: 'Point of sale import' });
  await expect(held).toHaveAttribute('data-status', 'pending');
  const me = await page.request.get(`${server.origin}/api/v1/users/me`, { headers: { Authorization: `Bearer ${account.token}` } });
  const body = (await me.json()) as { user: { name: string }; notifications: Record<string, boolean> };
  expect(body.user.name).toBe('Rosa Offline');
  expect(body.notifications).toMatchObject({ campaignResults: false, weeklySummary: true, importFinished: true });

  // The owner discards the conflicting change: the held one goes, in order.
  await conflict.getByRole('button', { name: 'Discard' }).click();
  await conflict.getByRole('button', { name: 'Discard this change' }).click();
  await expect(badge(page)).toHaveAccessibleName('All changes saved', { timeout: 30_000 });
  expect(seen.filter((what) => what !== 'profile')).toEqual(['campaignResults', 'weeklySummary', 'importFinished']);
  expect(await notificationsOf(page, account.token)).toMatchObject({ campaignResults: false, weeklySummary: true, importFinished: false });
  await page.keyboard.press('Escape');
  await page.goto('/settings/notifications');
  await expect(page.getByRole('switch', { name: /Weekly summary/ })).toBeChecked();
});

test('a 422 is shown as failed with the server message and not retried; a 500 is retried until it lands', async () => {
  const phone = await launchPhone(server.origin, 'retry');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);

  await context.setOffline(true);
  await page.getByRole('switch', { name: /Product news/ }).click();
  await page.getByRole('switch', { name: /Campaign results/ }).click();
  // A phone has no hover: the pointer leaves the switches, or a toast that opens over it would hold its auto-close.
  await page.mouse.move(1, 1);
  const hits: Record<string, number> = {};
  await context.route('**/api/v1/users/notifications/**', async (route) => {
    const flag = flagOf(route.request())!;
    hits[flag] = (hits[flag] ?? 0) + 1;
    if (flag === 'productNews') {
      const refusal = { error: 'Product news cannot be changed right now', code: 'validation', fields: { productNews: 'Product news cannot be changed right now' } };
      return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify(refusal) });
    }
    if (hits[flag] === 1) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong' }) });
    return route.continue();
  });
  await context.setOffline(false);

  await expect(badge(page)).toHaveAccessibleName('1 change waiting to sync, 1 needs you', { timeout: 30_000 });
  expect(hits).toEqual({ productNews: 1, campaignResults: 2 });
  expect((await notificationsOf(page, account.token)).campaignResults).toBe(false);
  await expect(page.getByText('A change was not saved')).toBeVisible();

  await badge(page).click();
  const failed = page.getByTestId('sync-sheet').getByTestId('sync-op').filter({ hasText: 'Product news' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText('Not saved');
  await expect(failed).toContainText('Product news cannot be changed right now');
  // The refusal's fields, parsed by the same parser the forms use, listed in words.
  await expect(failed.getByTestId('sync-op-fields')).toHaveText('Product news: Product news cannot be changed right now');
  // Not retried by itself: nothing more reaches the server while we wait past several backoffs.
  await page.waitForTimeout(6000);
  expect(hits.productNews).toBe(1);

  // Retry is the owner's call (a new key: the 422 was stored under the old one); Discard drops it.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => hits.productNews).toBe(2);
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await failed.getByRole('button', { name: 'Discard' }).click();
  await failed.getByRole('button', { name: 'Discard this change' }).click();
  await expect(badge(page)).toHaveAccessibleName('All changes saved');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('switch', { name: /Product news/ })).not.toBeChecked();
});

test('sign-out leaves no customer data nor anything else of the owner in IndexedDB (cache, outbox, token), and no API answer in Cache Storage', async () => {
  const phone = await launchPhone(server.origin, 'signout');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);
  // A customer of the café, read on the customers screen: the list is kept in IndexedDB for offline reading.
  const added = await page.request.post(`${server.origin}/api/v1/customers/manual/customer-manual`, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { given_name: 'Ana', family_name: 'Quintero-Vidal', email_address: 'ana.quintero@example.test', email_consent: true },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/customers');
  await expect(page.getByText('Quintero-Vidal').first()).toBeVisible();
  await expect.poll(async () => (await dumpStorage(page)).includes('ana.quintero@example.test'), { timeout: 10_000 }).toBe(true);
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  // A write waiting offline, with the owner's id in its path: the sign-out asks before dropping it.
  await context.setOffline(true);
  await page.goto('/settings/notifications');
  await page.getByRole('switch', { name: /Weekly summary/ }).click();
  await expect(badge(page)).toHaveAccessibleName(/^1 change waiting to sync/);
  const before = await dumpStorage(page);
  expect(before).toContain(account.email);
  expect(before).toContain(account.userId);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('1 change made on this device has not reached Mise yet');
    void dialog.accept();
  });
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect.poll(async () => (await dumpStorage(page)).includes(account.userId), { timeout: 10_000 }).toBe(false);

  const after = await dumpStorage(page);
  for (const secret of [account.email, account.name, account.userId, account.token, 'Quintero-Vidal', 'ana.quintero@example.test']) {
    expect(after).not.toContain(secret);
  }
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0); // the app shell, for offline starts
  expect(cached.filter((url) => url.includes('/api/'))).toEqual([]);
});

/** Every IndexedDB database of the origin, every store, every record (and localStorage), as one string. */
async function dumpStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
        });
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAllKeys();
          request.onsuccess = () => resolve(request.result);
        });
        out.push({ db: info.name, store, keys, records });
      }
      db.close();
    }
    out.push({ localStorage: { ...localStorage } });
    return JSON.stringify(out);
  });
}

test('a new version is offered with Reload, and the reload waits while the outbox is sending', async () => {
  const phone = await launchPhone(server.origin, 'update');
  context = phone.context;
  const { page } = phone;
  await onlineVisit(page);

  // A deploy: the server now has a build with another service worker. The browser finds it on navigation.
  await server.stop();
  await server.start({ staticDir: nextBuild() });
  await page.reload();
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version of Mise is ready', { timeout: 30_000 });

  // A write is on its way to the server and its answer is slow.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = false;
  await context.route('**/api/v1/users/notifications/**', async (route) => {
    reached = true;
    await released;
    await route.continue();
  });
  await page.getByRole('switch', { name: /Weekly summary/ }).click();
  await expect.poll(() => reached).toBe(true);
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

  await prompt.getByRole('button', { name: /Reload/ }).click();
  // Held: no reload while the outbox is sending.
  await page.waitForTimeout(3000);
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
  await expect(prompt.getByRole('button', { name: /Reload/ })).toHaveAttribute('data-loading', 'true');
  await expect(badge(page)).toHaveAccessibleName(/^1 change waiting to sync/);

  // The answer arrives: the write is done, then the new version takes over and the page reloads.
  release();
  const marker = () => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? null).catch(() => 'navigating');
  await expect.poll(marker, { timeout: 20_000 }).toBeNull();
  await expect(page.getByRole('switch', { name: /Weekly summary/ })).not.toBeChecked();
  await expect(badge(page)).toHaveAccessibleName('All changes saved');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // The server has the next build's worker running the page now.
  const script = await page.evaluate(async () => (await fetch('/sw.js')).text());
  expect(script).toContain('// next build');
});

test('with Mise closed, the service worker sends the queued write on Background Sync', async () => {
  const phone = await launchPhone(server.origin, 'sync');
  context = phone.context;
  const { page } = phone;
  const account = await onlineVisit(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });

  await context.setOffline(true);
  await page.getByRole('switch', { name: /Weekly summary/ }).click();
  await expect(badge(page)).toHaveAccessibleName(/^1 change waiting to sync/);
  // Mise is closed (no page of it left to drain); the connection comes back.
  await page.goto('about:blank');
  await context.setOffline(false);
  await expect.poll(() => registrations.get(`${server.origin}/`)).toBeDefined();
  // What Chromium does when the connection returns: fire the registered sync at the worker.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.origin,
    registrationId: registrations.get(`${server.origin}/`)!,
    tag: 'mise-outbox',
    lastChance: false,
  });
  await expect.poll(async () => (await notificationsOf(page, account.token)).weeklySummary, { timeout: 20_000 }).toBe(false);

  await page.goto('/settings/notifications');
  await expect(badge(page)).toHaveAccessibleName('All changes saved');
  await expect(page.getByRole('switch', { name: /Weekly summary/ })).not.toBeChecked();
});
