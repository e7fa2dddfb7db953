import { startFakeTiktok, type FakeTiktok } from '../tests/fakes/tiktok.ts';
import { E2E_TIKTOK_PORT } from '../playwright.config.ts';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// TikTok linking on a phone, against the local fake TikTok the e2e server is pointed at.

let fake: FakeTiktok;
test.beforeAll(async () => {
  fake = await startFakeTiktok({ port: E2E_TIKTOK_PORT });
});
test.afterAll(() => fake.close());

test('link TikTok: Connected with the hours left, Link disabled, then disconnect', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/socials', account);
  await expect(page.getByRole('heading', { name: 'All Apps' })).toBeVisible();
  await expect(page.getByText("You'll be notified of new features")).toBeVisible();
  for (const app of ['Facebook', 'Instagram', 'Yelp']) {
    await expect(page.getByRole('region', { name: app })).toContainText(`Linking ${app} is not available yet.`);
    // The spec's username box and Link (it says plainly linking is not available; e2e/first-hour.spec.ts taps it).
    await expect(page.getByRole('region', { name: app }).getByRole('button', { name: 'Link' })).toBeVisible();
  }
  const tiktok = page.getByRole('region', { name: 'TikTok' });
  await expect(tiktok).toContainText('Not connected');

  await tiktok.getByRole('button', { name: 'Link' }).click();
  // TikTok's consent screen (the fake approves at once) sends the browser to /tiktok_callback, then back here.
  await expect(toast(page, "TikTok connected as Rosa's Tacos")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/socials$/);
  await expect(tiktok).toContainText('Connected');
  const hours = Math.floor(fake.options.refreshTtl / 3600) - 1;
  await expect(tiktok).toContainText(`Expires in: ${hours} hours`);
  await expect(tiktok.getByRole('button', { name: 'Link' })).toBeDisabled();
  await expect(tiktok.getByLabel('Username')).toHaveValue("Rosa's Tacos");

  await page.reload();
  await expect(tiktok).toContainText(`Expires in: ${hours} hours`);

  await tiktok.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'Disconnected from TikTok')).toBeVisible();
  await expect(tiktok).toContainText('Not connected');
  await expect(tiktok.getByRole('button', { name: 'Link' })).toBeEnabled();
});

test('a refused or forged callback says so and returns to the socials screen', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/socials', account);
  await page.goto('/tiktok_callback?error=access_denied&error_description=The%20user%20denied%20access');
  await expect(toast(page, 'The user denied access')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/socials$/);
  await page.goto('/tiktok_callback?code=abc&scopes=user.info.basic&state=forged');
  await expect(toast(page, 'This TikTok sign-in could not be verified. Please press Link again.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/socials$/);
  await expect(page.getByRole('region', { name: 'TikTok' })).toContainText('Not connected');
});
