import sharp from 'sharp';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// Restaurant content on a phone: fields, voice tags, logo and email header survive a reload.

const png = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

test('fill the brand with voice tags and a logo; it is all there after a reload', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/content', account);
  await expect(page.getByText('Emails and texts need your brand name, location, website, brand voice, description.')).toBeVisible();
  await expect(page.getByLabel('Theme colour')).toHaveValue('#FF3434');

  await page.getByLabel('Brand name').fill('La Cocina');
  await page.getByLabel('Website').fill('lacocina.com');
  await page.getByLabel('Location').fill('East Austin, TX');
  await page.getByLabel('Theme colour').fill('#00AA55');
  const voice = page.getByRole('combobox', { name: 'Brand voice' });
  // Enter or a comma adds a tag; spaces are trimmed and a repeat is ignored.
  await voice.fill('warm');
  await voice.press('Enter');
  await voice.pressSequentially(' playful ,');
  await voice.pressSequentially('Warm');
  await voice.press('Enter');
  await voice.pressSequentially('local');
  await voice.press('Enter');
  await page.getByLabel('Description').fill('Family taqueria since 1998: handmade tortillas, slow-cooked barbacoa.');
  await page.locator('input[name=brandLogo]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(256, 256, '#FF3434') });
  await expect(page.getByRole('img', { name: 'Brand logo' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Brand saved')).toBeVisible();
  await expect(page.getByText('Your brand is ready for emails, texts and videos.')).toBeVisible();

  await page.locator('input[name=logo]').setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: await png(1200, 300, '#2F9E44') });
  await expect(page.getByText('Preview at the suggested 4:1 shape.')).toBeVisible();
  await page.getByRole('button', { name: 'Upload header' }).click();
  await expect(toast(page, 'Header uploaded successfully!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Brand name')).toHaveValue('La Cocina');
  await expect(page.getByLabel('Website')).toHaveValue('https://lacocina.com');
  await expect(page.getByLabel('Location')).toHaveValue('East Austin, TX');
  await expect(page.getByLabel('Theme colour')).toHaveValue('#00AA55');
  const tags = page.locator('.mantine-TagsInput-pill');
  await expect(tags).toHaveText(['warm', 'playful', 'local']);
  await expect(page.getByLabel('Description')).toHaveValue(/^Family taqueria since 1998/);
  await expect(page.getByRole('img', { name: 'Brand logo' })).toHaveAttribute('src', /^\/api\/v1\/files\/brand\/[\w-]{22}\.png$/);
  await expect(page.getByRole('img', { name: 'Email header, cropped to 4:1' })).toHaveAttribute('src', /^\/api\/v1\/files\/brand\//);
});

test('a header that is not PNG, JPG or GIF is refused before upload', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/content', account);
  await page.locator('input[name=logo]').setInputFiles({ name: 'header.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF0000WEBP') });
  await expect(page.getByText('The header image must be a PNG, JPG or GIF file')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload header' })).toBeDisabled();
});

test('onboarding brand step: Skip goes on to social accounts, whose Skip finishes on the home screen', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/brand', account);
  await page.getByRole('link', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/settings\/socials\?sub=true$/);
  await expect(page.getByRole('heading', { name: 'All Apps' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/$/);
});
