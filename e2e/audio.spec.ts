import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_RESEARCH_PORT } from '../playwright.config.ts';
import { startFakeResearch, type FakeResearch } from '../tests/fakes/tiktok-research.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// The Audio page and Trending Audios on a phone: play a voice template's sample, make an audio from a text, play
// and pause it; then the trends gathered from TikTok's Research API (the local fake) after a refresh.

const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/audio-${name}.png`, fullPage: true });

let fake: FakeResearch;
test.beforeAll(async () => {
  fake = await startFakeResearch({ port: E2E_RESEARCH_PORT });
});
test.afterAll(() => fake.close());

test('voice sample → make an audio → play and pause it → trending audios', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/campaigns/video-campaigns', account);
  await page.getByRole('link', { name: 'Audio', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'What kind of audio would you like to make?' })).toBeVisible();
  await expect(page.getByText('No Audios Found')).toBeVisible();
  await expect(page.getByText('Built-in voice').first()).toBeVisible();

  // A template's sample is real speech: it plays, and Pause stops it.
  await page.getByRole('button', { name: 'Play the sample of Ava (American English)' }).click();
  await expect(page.getByRole('button', { name: 'Pause the sample of Ava (American English)' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Pause the sample of Ava (American English)' }).click();
  await expect(page.getByRole('button', { name: 'Play the sample of Ava (American English)' })).toBeVisible();

  await page.getByRole('radio', { name: 'Grace (British English)' }).check();
  await page.getByLabel('Text to speak').fill('Our pumpkin soup is back this week. Come in and warm up by the fire!');
  await shot(page, '1-compose');
  await page.getByRole('button', { name: 'Generate audio' }).click();
  await expect(toast(page, 'Generated Successfully!!')).toBeVisible({ timeout: 30_000 });
  // Spec §9: the text is cut at 35 characters in the list.
  const row = page.getByRole('article', { name: /^Audio: / });
  await expect(row.getByText('Our pumpkin soup is back this week.…')).toBeVisible();
  await expect(row.getByText(/Grace \(British English\) · \d+ s · built-in voice/)).toBeVisible();
  // It starts playing once made; pause, then play again.
  await expect(row.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 10_000 });
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByRole('button', { name: 'Play' })).toBeVisible();
  await row.getByRole('button', { name: 'Play' }).click();
  await expect(row.getByRole('button', { name: 'Pause' })).toBeVisible();
  await shot(page, '2-generated');

  // Trending Audios: nothing until gathered, then TikTok's figures by sound.
  await page.getByRole('link', { name: 'Video campaigns' }).click();
  await page.getByRole('link', { name: 'Trending audios' }).click();
  await expect(page.getByRole('heading', { name: 'Trending Audios' })).toBeVisible();
  await expect(page.getByText('No audios found')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'Trending audios refreshed')).toBeVisible({ timeout: 20_000 });
  // On a phone each sound is a card with the spec's columns as labels (a table from the sm breakpoint up).
  const first = page.getByRole('list', { name: 'Trending audios' }).getByRole('listitem').first();
  for (const column of ['Play Count', 'Comments', 'Shares', 'Download']) await expect(first.getByText(column, { exact: true })).toBeVisible();
  await expect(first).toContainText('#food');
  await expect(first).toContainText('250K');
  await expect(first.getByRole('link', { name: 'Get sound 7001 on TikTok' })).toHaveAttribute('href', 'https://www.tiktok.com/music/-7001');
  await shot(page, '3-trending');
});

test('Hire a Pro: add a local creator → request a booking → it is listed as sent', async ({ page }) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/campaigns/video-campaigns', account);
  await page.getByRole('link', { name: 'Hire a Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Hire a Pro' })).toBeVisible();
  await expect(page.getByText(/No creators yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Add a creator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a creator' });
  await dialog.getByLabel('Name').fill('Mia Eats');
  await dialog.getByLabel('Handle').fill('@miaeats');
  await dialog.getByLabel('Rate').fill('$150 a video');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save creator' }).click();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await dialog.getByLabel('Email').fill('mia@example.com');
  await dialog.getByRole('button', { name: 'Save creator' }).click();
  await expect(toast(page, 'Creator added')).toBeVisible();
  const card = page.getByRole('article', { name: 'Mia Eats' });
  await expect(card).toContainText('@miaeats · TikTok · $150 a video');
  await card.getByRole('button', { name: 'Request booking' }).click();
  const request = page.getByRole('dialog', { name: 'Request booking: Mia Eats' });
  await request.getByLabel('Your message').fill('A 30-second video of our pumpkin soup, next week.');
  await shot(page, '4-booking');
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, 'Booking request sent')).toBeVisible();
  await expect(page.getByText('Email sent')).toBeVisible();
  await shot(page, '5-hire-a-pro');
});
