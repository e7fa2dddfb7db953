import { devices, type Page } from '@playwright/test';
import { expect, signUpAndVerify, test } from './fixtures.ts';
import { launchPhone, waitForServiceWorker } from './offline-server.ts';

// Installable: what Chromium itself says about the manifest and service worker, on a phone-sized
// persistent profile; then the "Install Mise" entry on Chromium and on iOS Safari.

type ManifestImage = { src: string; sizes: string; type?: string; purpose?: string; form_factor?: string };
type Manifest = { id: string; name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string; icons: ManifestImage[]; screenshots: ManifestImage[] };

/** Width × height from a PNG's IHDR chunk: the files must really be the sizes the manifest claims. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

async function signIn(page: Page) {
  const account = await signUpAndVerify(page);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('Chromium finds no installability errors; the manifest is standalone with real 192, 512 and maskable icons and screenshots', async ({ baseURL }) => {
  const { context, page } = await launchPhone(baseURL!, 'install');
  try {
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data) as Manifest;
    expect(manifest).toMatchObject({ id: '/', name: 'Mise', short_name: 'Mise', start_url: '/', display: 'standalone', theme_color: '#e8590c' });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const formFactors = manifest.screenshots.map((shot) => shot.form_factor);
    expect(formFactors).toEqual(expect.arrayContaining(['narrow', 'wide']));
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await page.request.get(image.src);
      expect(response.status(), image.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body()), image.src).toBe(image.sizes);
    }
    // The service worker is served fresh every time (its updates are the app's updates).
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
  }
});

test('on Chromium the "Install Mise" entry uses the browser’s own install prompt', async ({ baseURL }) => {
  // A real profile: Chromium never offers installation in an incognito-like context.
  const { context, page } = await launchPhone(baseURL!, 'prompt');
  try {
    await signIn(page);
    // Only shown once Chromium has fired beforeinstallprompt (the app is installable and not installed).
    const entry = page.getByTestId('install-entry');
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry.getByTestId('install-ios-steps')).toHaveCount(0);
    await entry.getByRole('button', { name: 'Install Mise' }).click();
    // The event can be used once: the entry steps aside while the browser's dialog is up.
    await expect(entry).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('on iOS Safari it explains Share → Add to Home Screen, and "Not now" hides it', async ({ browser }) => {
  const { defaultBrowserType: _webkit, ...iphone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...iphone });
  const page = await context.newPage();
  try {
    await signIn(page);
    const entry = page.getByTestId('install-entry');
    await expect(entry.getByTestId('install-ios-steps')).toHaveText(/tap\s+Share in Safari, then\s+Add to Home Screen/);
    await expect(entry.getByRole('button', { name: 'Install Mise' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Not now' }).click();
    await expect(entry).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('install-entry')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
