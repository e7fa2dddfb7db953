import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { launchPhone, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// The phone's own ways in: photos and a video shared to Mise from another app (Web Share Target) with Mise
// closed and the phone offline, and the home-screen shortcuts of the manifest.

const shots = process.env.PHONE_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

const photo = async (name: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 210, g: 90, b: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));

function shortVideo(name: string) {
  const ffmpeg = path.resolve('node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  const out = path.join(os.tmpdir(), `mise-share-${process.pid}.mp4`);
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', out]);
  const buffer = fs.readFileSync(out);
  fs.rmSync(out);
  return { name, mimeType: 'video/mp4', buffer };
}

/** What Android's share sheet does: a multipart POST navigation to the manifest's share_target action. */
async function shareFromGallery(page: Page, origin: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }>, text: string) {
  const manifest = (await (await fetch(`${origin}/manifest.webmanifest`)).json()) as {
    share_target: { action: string; method: string; enctype: string; params: { text: string; files: Array<{ name: string }> } };
  };
  const target = manifest.share_target;
  await page.goto('about:blank');
  await page.setContent(`<form method="${target.method}" enctype="${target.enctype}" action="${origin}${target.action}">
      <input type="text" name="${target.params.text}"><input type="file" name="${target.params.files[0]!.name}" multiple><button>Share</button></form>`);
  await page.locator('input[type=text]').fill(text);
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByRole('button', { name: 'Share' }).click();
}

const sharedBlobCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('mise');
        open.onsuccess = () => {
          const all = open.result.transaction('blobs').objectStore('blobs').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ opId: string }>).filter((b) => b.opId.startsWith('share:')).length);
        };
      }),
  );

test.describe('share to Mise', () => {
  let server: OwnServer;
  let context: BrowserContext | undefined;
  test.beforeAll(async () => {
    server = ownServer('share');
    await server.start();
  });
  test.afterAll(async () => {
    await context?.close();
    await server.dispose();
  });

  test('a photo and a video shared while Mise is closed and offline wait in the upload sheet with previews, then reach the library once', async () => {
    test.setTimeout(120_000);
    const phone = await launchPhone(server.origin, 'share');
    context = phone.context;
    const { page } = phone;
    const account = await signUpAndSignIn(server, page);
    await waitForServiceWorker(page);
    await page.goto('/media');
    await expect(page.getByTestId('media-empty')).toBeVisible();

    // Mise closed (no page of it open), the phone offline; the gallery shares two files.
    const gallery = await context.newPage();
    await page.close();
    await context.setOffline(true);
    await shareFromGallery(gallery, server.origin, [await photo('terrace-lunch.jpg'), shortVideo('pour-over.mp4')], 'Lunch on the terrace');

    // The service worker kept them and opened Mise on the upload sheet with them chosen.
    await expect(gallery).toHaveURL(/\/media\?share=[0-9a-f-]{36}/);
    const previews = gallery.getByTestId('upload-preview');
    await expect(previews).toHaveCount(2);
    await expect.poll(() => previews.nth(0).locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => previews.nth(1).locator('video').evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0);
    const descriptions = gallery.getByRole('textbox', { name: 'Description' });
    await expect(descriptions.nth(0)).toHaveValue('Lunch on the terrace');
    await expect(gallery.getByRole('textbox', { name: 'Name' }).nth(1)).toHaveValue('pour-over.mp4');
    expect(await sharedBlobCount(gallery)).toBe(2);
    await shot(gallery, 'share-01-sheet');

    // Offline: Continue queues both in the outbox, the shared copies are dropped.
    await descriptions.nth(1).fill('Pour-over at the bar');
    await gallery.getByRole('button', { name: 'Continue' }).click();
    await expect(gallery.locator('.mantine-Notification-root').filter({ hasText: 'All 2 files will upload when you are back online' })).toBeVisible();
    const pending = gallery.getByTestId('pending-tile');
    await expect(pending).toHaveCount(2);
    expect(await sharedBlobCount(gallery)).toBe(0);
    await expect(gallery).not.toHaveURL(/share=/);

    await context.setOffline(false);
    await expect(pending).toHaveCount(0, { timeout: 30_000 });
    await expect(gallery.getByTestId('media-tile')).toHaveCount(2);
    await shot(gallery, 'share-02-library');
    const listing = await gallery.request.get(`${server.origin}/api/v1/media`, { headers: { Authorization: `Bearer ${account.token}` } });
    const body = (await listing.json()) as { total: number; items: Array<{ name: string; type: string; description: string }> };
    expect(body.total).toBe(2);
    expect(body.items.map((i) => `${i.name} ${i.type} ${i.description}`).sort()).toEqual([
      'pour-over.mp4 video Pour-over at the bar',
      'terrace-lunch.jpg image Lunch on the terrace',
    ]);
  });

  test('the manifest has the share target and four shortcuts with real icons; "Upload photos" opens the upload sheet', async () => {
    test.setTimeout(120_000);
    const phone = await launchPhone(server.origin, 'shortcuts');
    const { page } = phone;
    try {
      await signUpAndSignIn(server, page, 'Sam Lee');
      await waitForServiceWorker(page);
      const cdp = await phone.context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      const { errors, data } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data: string };
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data) as {
        share_target: { action: string; method: string; enctype: string; params: { files: Array<{ name: string; accept: string[] }> } };
        shortcuts: Array<{ name: string; url: string; icons: Array<{ src: string; sizes: string }> }>;
      };
      expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
      expect(manifest.share_target.params.files[0]!.accept).toEqual(['image/*', 'video/*']);
      expect(manifest.shortcuts.map((s) => `${s.name} → ${s.url}`)).toEqual([
        'Upload photos → /media?upload=1',
        'New email → /campaigns/email-campaigns/drafts',
        'New text → /campaigns/text-campaigns',
        'Ask → /ask-mise',
      ]);
      for (const icon of manifest.shortcuts.flatMap((s) => s.icons)) {
        const response = await page.request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        const bytes = await response.body();
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
      await page.goto('/media?upload=1');
      await expect(page.getByRole('dialog', { name: 'Upload files' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Photo library' })).toBeVisible();
      await shot(page, 'share-03-shortcut-upload');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Upload files' })).toHaveCount(0);
      await expect(page).not.toHaveURL(/upload=/);
      for (const shortcut of manifest.shortcuts.slice(1)) {
        await page.goto(shortcut.url);
        await expect(page).toHaveURL(new RegExp(`${shortcut.url}(\\?|$)`));
        await expect(page.getByRole('heading').first()).toBeVisible();
      }
    } finally {
      await phone.context.close();
    }
  });
});
