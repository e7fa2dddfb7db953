import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signUpAndVerify, test, toast } from './fixtures.ts';
import { launchPhone, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// The media library on a phone: upload photos and a video with progress, folders, edit, delete,
// and uploads chosen offline that wait on the phone and reach the server once.

const shots = process.env.MEDIA_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

const photo = async (r: number, g: number, b: number, name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } }).jpeg({ quality: 85 }).toBuffer(),
});

function shortVideo(seconds: number) {
  const ffmpeg = path.resolve('node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  const out = path.join(os.tmpdir(), `mise-e2e-${process.pid}.mp4`);
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=15`, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', out]);
  const buffer = fs.readFileSync(out);
  fs.rmSync(out);
  return { name: 'pour-over.mp4', mimeType: 'video/mp4', buffer };
}

async function chooseAndDescribe(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await page.getByRole('button', { name: 'Add new' }).click();
  await page.getByRole('menuitem', { name: 'Upload files' }).click();
  await expect(page.getByRole('button', { name: 'Photo library' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take photo or video' })).toBeVisible();
  await page.locator('input[type=file][multiple]').setInputFiles(files);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(page.getByTestId('upload-preview')).toHaveCount(files.length);
  await expect(continueButton).toBeDisabled(); // a description is required
  const descriptions = page.getByRole('textbox', { name: 'Description' });
  for (let i = 0; i < files.length; i += 1) await descriptions.nth(i).fill(`Dish ${i + 1} of the day`);
  await expect(continueButton).toBeEnabled();
  return continueButton;
}

test('upload photos and a video with progress, make a folder, edit and delete', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await page.goto('/media');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/media/);
  await expect(page.getByTestId('media-empty')).toHaveText('No media');
  await shot(page, '01-empty');

  const files = [await photo(220, 80, 40, 'shakshuka.jpg'), await photo(40, 160, 90, 'green-salad.jpg'), await photo(240, 200, 60, 'lemon-tart.jpg'), shortVideo(2)];
  const continueButton = await chooseAndDescribe(page, files);
  await shot(page, '02-previews');
  // Hold each answer a moment so the progress screen can be seen.
  await page.route('**/api/v1/media/add', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Uploading file 1 of 4' })).toBeVisible();
  await expect(page.getByTestId('upload-progress')).toHaveCount(4);
  await expect(page.getByTestId('upload-progress').first().getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await shot(page, '03-progress');
  await expect(toast(page, 'File 1 uploaded successfully')).toBeVisible();
  await expect(toast(page, 'All files uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/v1/media/add');

  const tiles = page.getByTestId('media-tile');
  await expect(tiles).toHaveCount(4);
  // Thumbnails are real pictures served through signed URLs.
  for (const name of ['shakshuka.jpg', 'green-salad.jpg', 'lemon-tart.jpg', 'pour-over.mp4']) {
    const img = page.locator(`[data-testid=media-tile][data-name="${name}"] img`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.locator('[data-testid=media-tile][data-name="pour-over.mp4"]').getByTestId('video-duration')).toHaveText('0:02');
  await expect(page.getByTestId('recent-group').first()).toContainText('+1');
  await shot(page, '04-grid');

  // The list view: Name / Size / Last Modified, sizes in MB with two decimals.
  const viewSwitch = (name: string) => page.locator('.mantine-SegmentedControl-label').filter({ hasText: name });
  await viewSwitch('List view').click();
  await expect(page.getByRole('columnheader', { name: 'Last Modified' })).toBeVisible();
  await expect(page.getByTestId('media-row').first()).toContainText(/\d+\.\d\d MB/);
  await shot(page, '05-list');
  await viewSwitch('Grid view').click();

  // The video plays in the full-screen viewer, and can be swiped away from.
  await page.locator('[data-testid=media-tile][data-name="pour-over.mp4"]').getByRole('button', { name: 'View pour-over.mp4' }).click();
  const video = page.getByTestId('media-viewer').locator('video');
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && Math.round(el.duration))).toBe(2);
  await video.evaluate((el: HTMLVideoElement) => {
    el.currentTime = 1.5;
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(1.4);
  await shot(page, '06-viewer');
  await page.keyboard.press('Escape');

  // A folder, then into it: /media/{name}~{id}.
  await page.getByRole('button', { name: 'Add new' }).click();
  await page.getByRole('menuitem', { name: 'New folder' }).click();
  const create = page.getByRole('button', { name: 'Create folder' });
  await page.getByLabel('Folder name').fill('Brunch');
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Description' }).fill('Weekend dishes');
  await create.click();
  await expect(toast(page, 'Folder created successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Open folder Brunch' }).click();
  await expect(page).toHaveURL(/\/media\/Brunch~[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: 'Brunch' })).toBeVisible();
  await expect(page.getByTestId('media-empty')).toBeVisible();
  await shot(page, '07-folder');
  await page.getByRole('link', { name: 'Media' }).first().click();

  // Edit a description, then delete with a confirmation.
  await page.getByRole('button', { name: 'Actions for lemon-tart.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill('Lemon tart with torched meringue');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'lemon-tart.jpg edited successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Actions for green-salad.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await shot(page, '08-delete');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'media deleted successfully')).toBeVisible();
  await expect(tiles).toHaveCount(4); // 3 files + the folder
  await expect(page.locator('[data-testid=media-tile][data-name="green-salad.jpg"]')).toHaveCount(0);

  // Move an item into the folder.
  await page.getByRole('button', { name: 'Actions for lemon-tart.jpg' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  await page.getByRole('combobox', { name: 'Folder' }).click();
  await page.getByRole('option', { name: 'Brunch' }).click();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.locator('[data-testid=media-tile][data-name="lemon-tart.jpg"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open folder Brunch' }).click();
  await expect(page.locator('[data-testid=media-tile][data-name="lemon-tart.jpg"]')).toBeVisible();
  await shot(page, '09-moved');

  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('mise.session') ?? '{}') as { token: string }).token);
  const item = await page.request.get('/api/v1/media/recent', { headers: { Authorization: `Bearer ${token}` } });
  const recent = (await item.json()) as { items: Array<{ name: string; description: string }> };
  expect(recent.items.find((i) => i.name === 'lemon-tart.jpg')?.description).toBe('Lemon tart with torched meringue');
});

test('a large photo goes up resumably (tus) and carries on after the connection drops', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await page.goto('/media');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('media-empty')).toBeVisible();

  // ~6.5 MB of noise: over the 5 MB line, so the app uses the resumable upload.
  const side = 1500;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const big = { name: 'big-terrace.png', mimeType: 'image/png', buffer: await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer() };
  expect(big.buffer.length).toBeGreaterThan(5 * 1024 * 1024);

  // The first PATCH dies mid-way; tus-js-client asks the server where it got to and carries on.
  let patches = 0;
  await page.route('**/api/v1/media/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && (patches += 1) === 1) return route.abort('connectionreset');
    return route.continue();
  });
  const continueButton = await chooseAndDescribe(page, [big]);
  await continueButton.click();
  await expect(toast(page, 'All files uploaded successfully')).toBeVisible({ timeout: 40_000 });
  expect(patches).toBeGreaterThanOrEqual(2);
  const img = page.locator('[data-testid=media-tile][data-name="big-terrace.png"] img');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
});

test.describe('offline', () => {
  let server: OwnServer;
  let context: BrowserContext | undefined;
  test.beforeAll(async () => {
    server = ownServer('media-offline');
    await server.start();
  });
  test.afterAll(async () => {
    await context?.close();
    await server.stop();
  });

  test('photos picked offline wait on the phone with their preview, survive a reload and reach the server once', async () => {
    const phone = await launchPhone(server.origin, 'media');
    context = phone.context;
    const { page } = phone;
    const account = await signUpAndSignIn(server, page);
    await waitForServiceWorker(page);
    await page.goto('/media');
    await expect(page.getByTestId('media-empty')).toBeVisible();

    await context.setOffline(true);
    const continueButton = await chooseAndDescribe(page, [await photo(200, 60, 60, 'offline-one.jpg'), await photo(60, 60, 200, 'offline-two.jpg')]);
    await continueButton.click();
    // One toast for the batch, its last word the outcome.
    await expect(toast(page, 'All 2 files will upload when you are back online')).toBeVisible();
    const pending = page.getByTestId('pending-tile');
    await expect(pending).toHaveCount(2);
    await expect(pending.first()).toContainText('Waiting to upload');
    await expect.poll(() => pending.first().locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await shot(page, '09-offline-pending');

    await page.reload();
    await expect(pending).toHaveCount(2);
    await expect(pending.nth(1)).toContainText('Waiting to upload');

    await context.setOffline(false);
    await expect(pending).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('media-tile')).toHaveCount(2);
    await shot(page, '10-synced');
    const listing = await page.request.get(`${server.origin}/api/v1/media`, { headers: { Authorization: `Bearer ${account.token}` } });
    const body = (await listing.json()) as { total: number; items: Array<{ name: string }> };
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.name).sort()).toEqual(['offline-one.jpg', 'offline-two.jpg']);

    // Browsing offline: the listing comes from the persisted read cache, the thumbnails from the
    // service worker's bounded cache.
    const thumbs = page.getByTestId('media-tile').locator('img');
    for (const img of await thumbs.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('mise-media-thumbs');
          const persisted = await new Promise<unknown>((resolve) => {
            const open = indexedDB.open('mise');
            open.onsuccess = () => {
              const get = open.result.transaction('kv').objectStore('kv').get('query-cache');
              get.onsuccess = () => resolve(get.result);
            };
          });
          return (await cache.keys()).length >= 2 && typeof persisted === 'string' && persisted.includes('offline-two.jpg');
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('media-tile')).toHaveCount(2);
    for (const img of await thumbs.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await shot(page, '11-offline-browse');
  });
});
