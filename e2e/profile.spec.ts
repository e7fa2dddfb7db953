import type { Page } from '@playwright/test';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// The owner's own settings on a phone: profile (name, phone, picture), password, notifications.

// A real 1×1 PNG: the server decodes and re-encodes pictures, so it must be an actual image.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Goes to a signed-in screen the way an owner would: the app asks for a sign-in and comes back. */

test('edit name, phone with a country code and picture; all of it is still there after a reload', async ({ page }) => {
  const account = await signUpAndVerify(page, { name: 'Rosa Martinez' });
  await openSignedIn(page, '/profile', account);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const country = page.getByRole('combobox', { name: 'Country code' });
  const phone = page.getByLabel('Phone number');

  await expect(country).toHaveValue('🇺🇸 +1');
  await expect(save).toBeDisabled();

  // Problems are shown beside their fields, all at once, before anything is sent.
  await page.getByLabel('Display name').fill('');
  await phone.pressSequentially('123');
  await page.locator('input[type=file]').setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await save.click();
  await expect(page.getByLabel('Display name')).toHaveAccessibleDescription('Name is required');
  await expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
  await expect(page.getByText('Choose an image file (JPG, PNG, WebP or GIF)')).toBeVisible();

  await page.getByLabel('Display name').fill('Rosalind Martinez');
  await country.click();
  await country.fill('kingdom');
  await page.getByRole('option', { name: /United Kingdom/ }).click();
  await expect(country).toHaveValue('🇬🇧 +44');
  await phone.fill('');
  await phone.pressSequentially('07400123456');
  // Formatted as it is typed.
  await expect(phone).toHaveValue('07400 123456');
  await page.locator('input[type=file]').setInputFiles({ name: 'rosa.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('img', { name: 'New profile picture' })).toBeVisible();

  await save.click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  // The form is clean again and the header already shows the new name and picture.
  await expect(save).toBeDisabled();
  const menu = page.getByRole('button', { name: /Account menu/ });
  await expect(menu).toContainText('Rosalind');
  await expect(menu.locator('img')).toHaveAttribute('src', /.+/);

  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Rosalind Martinez');
  await expect(country).toHaveValue('🇬🇧 +44');
  await expect(phone).toHaveValue('07400 123456');
  const picture = page.getByRole('img', { name: 'Profile picture' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(menu).toContainText('Rosalind');
});

test('change the password, get signed out, and sign in with the new one', async ({ page }) => {
  const account = await signUpAndVerify(page, { name: 'Lee Chen' });
  await openSignedIn(page, '/settings/password', account);
  const change = page.getByRole('button', { name: 'Change password' });
  const newPassword = 'oat-milk-latte';

  await change.click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('Please Input your password');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Please set new password/);
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('Confirm your password');

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await change.click();
  // The server's answer lands beside the field it is about.
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not right');

  await page.getByLabel('Current password').fill(account.password);
  await change.click();
  await expect(toast(page, 'Password has been changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mise.session'))).toBeNull();

  await signIn(page, account.email, account.password);
  await expect(toast(page, 'Incorrect email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('notification switches save one at a time and survive a reload', async ({ page }) => {
  const account = await signUpAndVerify(page, { name: 'Mo Haddad' });
  await openSignedIn(page, '/settings/notifications', account);
  const news = page.getByRole('switch', { name: /Product news/ });
  const weekly = page.getByRole('switch', { name: /Weekly summary/ });
  await expect(news).not.toBeChecked();
  await expect(weekly).toBeChecked();
  // The whole row is the switch: a thumb anywhere on it flips it.
  const row = await page.locator('.mantine-Switch-root').filter({ hasText: 'Product news' }).boundingBox();
  const input = await news.boundingBox();
  expect(input!.height).toBeGreaterThanOrEqual(44);
  expect(input!.width).toBeGreaterThanOrEqual(row!.width - 40);

  const saved = () => page.waitForResponse((response) => response.url().includes('/api/v1/users/notifications/') && response.ok());
  await Promise.all([saved(), news.click()]);
  await expect(toast(page, 'Notification updated successfully')).toBeVisible();
  await Promise.all([saved(), weekly.click()]);
  await expect(news).toBeChecked();
  await expect(weekly).not.toBeChecked();

  await page.reload();
  await expect(news).toBeChecked();
  await expect(weekly).not.toBeChecked();
});
