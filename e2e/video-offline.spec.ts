import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PORT } from '../playwright.config.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';
import { launchPhone, ownServer } from './offline-server.ts';

// Offline on a phone: a script edited offline, and a video created offline, wait on the phone ("Waiting to sync")
// and reach the server, once, when the connection returns; the video then renders and plays.

const ORIGIN = `http://localhost:${E2E_PORT}`;
const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/video-offline-${name}.png`, fullPage: true });

/** A verified owner with the brand a script needs (name, location, logo); returns the API headers. */
async function ownerWithBrand(page: Page, account: { email: string; password: string }) {
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const session = (await signin.json()) as { token: string; userId: string };
  const auth = { Authorization: `Bearer ${session.token}`, Origin: ORIGIN };
  const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#E8590C' } }).png().toBuffer();
  const upload = await page.request.post(`${ORIGIN}/api/v1/brand/image`, { headers: auth, multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: logo } } });
  const brand = { brandName: 'La Cocina', location: '12 Main St, Austin, TX', brandLogo: ((await upload.json()) as { url: string }).url };
  expect((await page.request.post(`${ORIGIN}/api/v1/users/settings/${session.userId}`, { headers: auth, data: brand })).ok()).toBeTruthy();
  return auth;
}

test('a script saved offline syncs when the connection returns', async ({ page, context }) => {
  const account = await signUpAndVerify(page);
  const auth = await ownerWithBrand(page, account);
  const created = await page.request.post(`${ORIGIN}/api/v1/video/scripts`, { headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, data: { user_query: 'Pumpkin soup is back', subcategory: 'offer' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };

  await openSignedIn(page, `/edit-concept/script/${id}`, account);
  await expect(page.getByRole('region', { name: 'Scene 1' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('region', { name: 'Scene 1' }).getByLabel('Caption').fill('Soup is back, offline edit');
  await page.getByRole('button', { name: 'Save script' }).click();
  await expect(toast(page, 'Saved on this phone. It syncs when you are back online.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to sync: your changes' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to sync' })).toHaveCount(0, { timeout: 20_000 });
  const script = (await (await page.request.get(`${ORIGIN}/api/v1/video/scripts/${id}`, { headers: auth })).json()) as { version: number; scenes: { caption: string }[] };
  expect(script.scenes[0]!.caption).toBe('Soup is back, offline edit');
  expect(script.version).toBe(2);
});

test('a video created offline waits on the phone, then renders and plays once back online', async ({ page, context }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  const auth = await ownerWithBrand(page, account);
  const photos = [
    { name: 'soup.jpg', description: 'Pumpkin soup in a blue bowl', color: '#E8590C' },
    { name: 'bread.jpg', description: 'Fresh bread from the oven', color: '#2B8A3E' },
  ];
  for (const photo of photos) {
    const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: photo.color } }).jpeg().toBuffer();
    const added = await page.request.post(`${ORIGIN}/api/v1/media/add`, {
      headers: auth,
      multipart: { type: 'image', name: photo.name, description: photo.description, file: { name: photo.name, mimeType: 'image/jpeg', buffer } },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
  const created = await page.request.post(`${ORIGIN}/api/v1/video/scripts`, { headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, data: { user_query: 'Pumpkin soup is back', subcategory: 'offer' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  // Two short scenes keep the render quick on a 2-core machine.
  const script = (await (await page.request.get(`${ORIGIN}/api/v1/video/scripts/${id}`, { headers: auth })).json()) as { title: string; scenes: { media_id: string | null; duration: number }[] };
  const scenes = script.scenes.filter((scene) => scene.media_id).slice(0, 2).map((scene) => ({ ...scene, duration: 2 }));
  expect(scenes).toHaveLength(2);
  const saved = await page.request.put(`${ORIGIN}/api/v1/video/scripts/${id}`, { headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, data: { version: 1, title: 'Soup is back', scenes } });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  // The video home, online: the spec's tooltip on Generated videos says what the weekly job does.
  await openSignedIn(page, '/campaigns/video-campaigns', account);
  await expect(page.getByRole('heading', { name: 'Generated videos' })).toBeVisible();
  await page.getByRole('button', { name: 'Generated videos are re-generated once a week' }).click();
  await expect(page.getByRole('tooltip')).toHaveText('Generated videos are re-generated once a week');
  await expect(page.getByText('Every Monday Mise suggests up to three videos made from the photos and clips you added that week.', { exact: false })).toBeVisible();
  await shot(page, '1-home');

  await page.goto(`/edit-concept/script/${id}`);
  await expect(page.getByRole('region', { name: 'Scene 2' })).toBeVisible();
  await context.setOffline(true);
  // Create Video offline: the first tap asks the questions, the next queues it on the phone.
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByRole('combobox', { name: 'Voice-over' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(toast(page, 'The video is waiting on this phone. It starts when you are back online.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to sync: the video (it starts when you are back online)' })).toBeVisible();
  await shot(page, '2-queued');
  const before = (await (await page.request.get(`${ORIGIN}/api/v1/video/videos?filter=all&limit=100`, { headers: auth })).json()) as { results: unknown[] };
  expect(before.results).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to sync' })).toHaveCount(0, { timeout: 20_000 });
  // Once only, made from the script, and it renders.
  const videos = async () => ((await (await page.request.get(`${ORIGIN}/api/v1/video/videos?filter=all&limit=100`, { headers: auth })).json()) as { results: { id: string; status: string; title: string }[] }).results;
  await expect.poll(async () => (await videos()).length).toBe(1);
  const [video] = await videos();
  await page.goto('/campaigns/video-campaigns/drafts');
  const card = page.getByRole('link', { name: video!.title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Ready')).toBeVisible({ timeout: 180_000 });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/video-details/${video!.id}`));
  const player = page.locator('video');
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((element: HTMLVideoElement) => element.volume)).toBe(0.5);
  await shot(page, '3-played');
  expect(await videos()).toHaveLength(1);
});

test('the demo café’s weekly suggestions on the video home: one becomes a script', async () => {
  test.setTimeout(300_000);
  fs.mkdirSync(SCREENS, { recursive: true });
  const server = ownServer('video-weekly');
  const password = 'demo-weekly-journey-1';
  try {
    // The demo account, seeded as a newcomer does it: the weekly job's code writes this week's suggestions.
    const seeded = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '..', 'scripts', 'demo.mjs')], {
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(new URL(server.origin).port), DEMO_PASSWORD: password, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    await server.start();
    const { context, page } = await launchPhone(server.origin, 'video-weekly');
    try {
      await page.goto('/campaigns/video-campaigns');
      await page.getByLabel('Email').fill('demo@mise.local');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/campaigns\/video-campaigns/);
      const suggested = page.getByRole('region', { name: 'Suggested this week' });
      await expect(suggested.getByText('Suggested from the photos and clips you added this week.')).toBeVisible();
      const cards = suggested.getByRole('button', { name: 'Use this' });
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeLessThanOrEqual(3);
      await expect(suggested.getByText('Demo data').first()).toBeVisible();
      await shot(page, '4-suggestions');
      await cards.first().click();
      await expect(toast(page, 'Script created successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/edit-concept\/script\//);
      await expect(page.getByRole('region', { name: 'Scene 1' })).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    await server.dispose();
  }
});
