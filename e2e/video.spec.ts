import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PORT, E2E_TIKTOK_PORT } from '../playwright.config.ts';
import { startFakeTiktok, type FakeTiktok } from '../tests/fakes/tiktok.ts';
import { mp4 } from '../tests/server/media.fixtures.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// Video campaigns on a phone: concept → script → edit a scene → Create Video (the questions, then submit) →
// the live progress → play the finished video → publish to TikTok (the local fake) → its figures in the
// analytics and the History.

const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/video-${name}.png`, fullPage: true });
const ORIGIN = `http://localhost:${E2E_PORT}`;

let fake: FakeTiktok;
test.beforeAll(async () => {
  fake = await startFakeTiktok({ port: E2E_TIKTOK_PORT, processingPolls: 0 });
});
test.afterAll(() => fake.close());

async function prepareOwner(page: Page, account: { email: string; password: string }) {
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const session = (await signin.json()) as { token: string; userId: string };
  const auth = { Authorization: `Bearer ${session.token}`, Origin: ORIGIN };
  const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#E8590C' } }).png().toBuffer();
  const upload = await page.request.post(`${ORIGIN}/api/v1/brand/image`, { headers: auth, multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: logo } } });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const brand = { brandName: 'La Cocina', location: '12 Main St, Austin, TX', brandLogo: ((await upload.json()) as { url: string }).url };
  expect((await page.request.post(`${ORIGIN}/api/v1/users/settings/${session.userId}`, { headers: auth, data: brand })).ok()).toBeTruthy();
  const files = [
    { type: 'image', name: 'tacos.jpg', description: 'Fish tacos on the patio', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2B8A3E' } }).jpeg().toBuffer() },
    { type: 'video', name: 'grill.mp4', description: 'Tacos on the grill', mimeType: 'video/mp4', buffer: mp4(3) },
    { type: 'image', name: 'room.jpg', description: 'Our dining room at night', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 600, height: 900, channels: 3, background: '#364FC7' } }).jpeg().toBuffer() },
  ];
  for (const file of files) {
    const added = await page.request.post(`${ORIGIN}/api/v1/media/add`, {
      headers: auth,
      multipart: { type: file.type, name: file.name, description: file.description, file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
  // Link TikTok as the settings screen does (the fake approves at once).
  const login = (await (await page.request.get(`${ORIGIN}/api/v1/socials/tiktok/login-url`, { headers: auth })).json()) as { login_url: string };
  const back = new URL((await fetch(login.login_url, { redirect: 'manual' })).headers.get('location') ?? '');
  const connected = await page.request.post(`${ORIGIN}/api/v1/socials/tiktok/connect`, { headers: auth, data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
  expect(connected.ok(), await connected.text()).toBeTruthy();
}

test('concept → script → edit → render → watch → publish to TikTok → figures', async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  await prepareOwner(page, account);

  await openSignedIn(page, '/campaigns', account);
  await page.getByRole('link', { name: /Video/ }).first().click();
  await expect(page.getByRole('heading', { name: 'What kind of video would you like to make?' })).toBeVisible();
  await page.getByLabel('Your concept').fill('Fish tacos are back on the menu');
  await page.getByText('Dish spotlight', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Create script' })).toBeDisabled();
  await page.getByText('Close-up and slow', { exact: true }).click();
  await shot(page, '1-concept');
  await page.getByRole('button', { name: 'Create script' }).click();
  await expect(toast(page, 'Script created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-concept\/script\//);

  // Edit scene by scene: a caption, and every scene two seconds (a short render).
  const first = page.getByRole('region', { name: 'Scene 1' });
  await expect(first.getByLabel('What is said')).not.toHaveValue('');
  await first.getByLabel('Caption').fill('Fish tacos are back!');
  const scenes = await page.getByRole('region', { name: /^Scene \d+$/ }).count();
  for (let index = 1; index <= scenes; index += 1) await page.getByRole('region', { name: `Scene ${index}` }).getByLabel('Seconds').fill('2');
  await shot(page, '2-script');
  await page.getByRole('button', { name: 'Save script' }).click();
  await expect(toast(page, 'Updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();

  // Create Video: the first tap asks the questions, the next submits.
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page.getByRole('combobox', { name: 'Voice-over' })).toBeVisible();
  await expect(page.getByLabel('Caption colour')).toHaveValue('#FFFFFF');
  await page.getByLabel('Trim pauses').check();
  await shot(page, '3-questions');
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page).toHaveURL(/\/edit-concept\/video\//);
  await expect(page.getByRole('heading', { name: 'Processing...' })).toBeVisible();
  await shot(page, '4-processing');
  await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible({ timeout: 180_000 });

  await page.getByRole('link', { name: 'Open video' }).click();
  await expect(page).toHaveURL(/\/generated-videos\/video-details\//);
  const player = page.locator('video');
  await expect(player).toBeVisible();
  // Spec §9: volume 0.5, rate 1; the file loads and plays.
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((video: HTMLVideoElement) => [video.volume, video.playbackRate, video.videoWidth, video.videoHeight])).toEqual([0.5, 1, 1080, 1920]);
  await player.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  await shot(page, '5-details');

  // Publish: TikTok's privacy options for this creator, chosen by the owner.
  const publish = page.getByRole('region', { name: 'Publish to TikTok' });
  await expect(publish).toContainText("Posting as Rosa's Tacos");
  await publish.getByRole('button', { name: 'Publish to TikTok' }).click();
  await expect(publish.getByText('Choose who can see the video')).toBeVisible();
  await publish.getByRole('combobox', { name: 'Who can see it' }).click();
  await page.getByRole('option', { name: 'Only me' }).click();
  await publish.getByRole('button', { name: 'Publish to TikTok' }).click();
  await expect(toast(page, 'Sending to TikTok')).toBeVisible();
  await expect.poll(() => fake.posts.length, { timeout: 30_000 }).toBe(1);
  fake.posts[0]!.figures = { views: 1234, likes: 87, comments: 9, shares: 14 };
  await expect(page.getByRole('heading', { name: 'On TikTok' })).toBeVisible({ timeout: 60_000 });
  expect(fake.posts[0]!.privacyLevel).toBe('SELF_ONLY');
  await expect(page.getByText('1,234')).toBeVisible({ timeout: 30_000 });
  await shot(page, '6-published');

  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('tab', { name: 'TikTok' })).toBeVisible();
  await expect(page.getByText('1,234').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Instagram' }).click();
  await expect(page.getByText('Instagram is not connected to Mise')).toBeVisible();
  await shot(page, '7-analytics');

  await page.goto('/campaigns/video-campaigns/history');
  const row = page.getByRole('row', { name: /Fish tacos/ });
  await expect(row).toContainText('1,234');
  await expect(row).toContainText('87');
  await page.goto('/campaigns/video-campaigns');
  await expect(page.getByRole('row', { name: /Fish tacos/ })).toContainText('1,234');
  await shot(page, '8-home');
});

test('drafts search and the brand precondition', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/campaigns/video-campaigns', account);
  await page.getByLabel('Your concept').fill('Churros on Sunday');
  await page.getByText('Offer', { exact: true }).click();
  await page.getByRole('button', { name: 'Create script' }).click();
  await expect(toast(page, 'Please add your restaurant details to create a script.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/content$/);
  await page.goto('/campaigns/video-campaigns/drafts');
  await page.getByLabel('Search videos').fill('tacos');
  await expect(page.getByText('No videos found')).toBeVisible();
});
