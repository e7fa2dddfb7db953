import sharp from 'sharp';
import { E2E_PORT } from '../playwright.config.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// A script edited offline waits on the phone ("Waiting to sync") and reaches the server, once, when the
// connection returns.

const ORIGIN = `http://localhost:${E2E_PORT}`;

test('a script saved offline syncs when the connection returns', async ({ page, context }) => {
  const account = await signUpAndVerify(page);
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const session = (await signin.json()) as { token: string; userId: string };
  const auth = { Authorization: `Bearer ${session.token}`, Origin: ORIGIN };
  const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#E8590C' } }).png().toBuffer();
  const upload = await page.request.post(`${ORIGIN}/api/v1/brand/image`, { headers: auth, multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: logo } } });
  const brand = { brandName: 'La Cocina', location: '12 Main St, Austin, TX', brandLogo: ((await upload.json()) as { url: string }).url };
  expect((await page.request.post(`${ORIGIN}/api/v1/users/settings/${session.userId}`, { headers: auth, data: brand })).ok()).toBeTruthy();
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
