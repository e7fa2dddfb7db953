import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, toast } from './fixtures.ts';
import { launchPhone, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// A 60 MB clip picked offline goes through the resumable upload (tus) like an online one: online again, the
// connection drops at about half, the app is reloaded, and the server receives the rest, not the whole file.

/** About 60 MB of real H.264 (noise does not compress), so the server's ffprobe check and poster work. */
function bigClip() {
  const ffmpeg = path.resolve('node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  const out = path.join(os.tmpdir(), `mise-resume-${process.pid}`, 'service-rush.mp4');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-vf', 'noise=alls=30:allf=t', '-frames:v', '44', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', out]);
  // Playwright hands files over 50 MB to the page by path only.
  return { path: out, size: fs.statSync(out).size };
}

let server: OwnServer;
let context: BrowserContext | undefined;
test.beforeAll(async () => {
  server = ownServer('resume');
  await server.start();
});
test.afterAll(async () => {
  await context?.close();
  await server.dispose();
  fs.rmSync(path.join(os.tmpdir(), `mise-resume-${process.pid}`), { recursive: true, force: true });
});

test('a 60 MB video picked offline resumes from the last byte after a drop and a reload, and is in the library once', async () => {
  test.setTimeout(240_000);
  const clip = bigClip();
  expect(clip.size).toBeGreaterThan(55 * 1024 * 1024);
  const phone = await launchPhone(server.origin, 'resume');
  context = phone.context;
  const page: Page = phone.page;
  const account = await signUpAndSignIn(server, page);
  await waitForServiceWorker(page);
  await page.goto('/media');
  await expect(page.getByTestId('media-empty')).toBeVisible();

  // Every PATCH the server gets, and its bytes (the page's and the service worker's requests alike).
  const patches: number[] = [];
  let dropped = false;
  let blocked = false;
  const half = clip.size / 2;
  await context.route('**/api/v1/media/uploads/**', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    const sent = patches.reduce((sum, n) => sum + n, 0);
    if (sent >= half && !dropped) {
      dropped = true;
      blocked = true;
    }
    // The connection is gone from the drop until the phone is back online.
    if (blocked) return route.abort('connectionfailed');
    patches.push(request.postDataBuffer()?.length ?? 0);
    return route.continue();
  });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add new' }).click();
  await page.getByRole('menuitem', { name: 'Upload files' }).click();
  await page.locator('input[type=file][multiple]').setInputFiles([clip.path]);
  await page.getByRole('textbox', { name: 'Description' }).fill('Friday night service');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'The file will upload when you are back online')).toBeVisible();
  await expect(page.getByTestId('pending-tile')).toHaveCount(1);

  await context.setOffline(false);
  await expect.poll(() => dropped, { timeout: 60_000 }).toBe(true);
  const beforeDrop = patches.reduce((sum, n) => sum + n, 0);
  expect(beforeDrop).toBeGreaterThanOrEqual(half);
  expect(beforeDrop).toBeLessThan(clip.size);

  // Still without a connection, Mise is reloaded; then the connection comes back. The outbox finds the upload's
  // URL on the op, asks the server's offset and sends the rest.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('pending-tile')).toHaveCount(1);
  patches.push(-1);
  blocked = false;
  await context.setOffline(false);
  await expect(page.getByTestId('media-tile')).toHaveCount(1, { timeout: 120_000 });
  await expect(page.getByTestId('pending-tile')).toHaveCount(0);
  const afterReload = patches.slice(patches.indexOf(-1) + 1).reduce((sum, n) => sum + n, 0);
  expect(afterReload).toBe(clip.size - beforeDrop);

  const listing = await page.request.get(`${server.origin}/api/v1/media`, { headers: { Authorization: `Bearer ${account.token}` } });
  const body = (await listing.json()) as { total: number; items: Array<{ name: string; type: string; size: number }> };
  expect(body.total).toBe(1);
  expect(body.items[0]).toMatchObject({ name: 'service-rush.mp4', type: 'video', size: clip.size });
});
