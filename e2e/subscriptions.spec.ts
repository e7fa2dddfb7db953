import type { Page } from '@playwright/test';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// Plans on a phone: Free to Basic with a test card, then to Professional with the card on file.

const plan = (page: Page, name: string) => page.getByRole('region', { name: `${name} plan` });

test('upgrade from Free to Basic with a test card, then to Professional with the card on file', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/subscriptions', account);

  await expect(page.getByRole('region', { name: / plan$/ })).toHaveCount(4);
  const names = await page.getByRole('region', { name: / plan$/ }).evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
  expect(names).toEqual(['Basic plan', 'Professional plan', 'Premium plan', 'Free plan']);
  await expect(plan(page, 'Basic')).toContainText('$29/month');
  await expect(plan(page, 'Free')).toContainText('$0/month');
  await expect(plan(page, 'Free')).toContainText('Active');
  await expect(plan(page, 'Free').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('Contacts: 0 of 500');

  await plan(page, 'Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a card for Basic' });
  await modal.getByLabel('Name on card').fill('Rosa Martinez');
  await modal.getByLabel('Card number').pressSequentially('4000000000000002');
  await expect(modal.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await modal.getByLabel('Expiry').pressSequentially('1230');
  await expect(modal.getByLabel('Expiry')).toHaveValue('12/30');
  await modal.getByLabel('CVC').fill('123');
  await modal.getByRole('button', { name: 'Subscribe to Basic' }).click();
  await expect(toast(page, 'Your card was declined.')).toBeVisible();

  await modal.getByLabel('Card number').fill('');
  await modal.getByLabel('Card number').pressSequentially('4242424242424242');
  await modal.getByRole('button', { name: 'Subscribe to Basic' }).click();
  await expect(toast(page, 'Subscribed to Basic plan successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  // A new owner (no brand yet) goes on to onboarding's brand step; back to Plans.
  await expect(page).toHaveURL(/\/brand$/);
  await page.goto('/subscriptions');
  await expect(plan(page, 'Basic')).toContainText('Active');
  await expect(plan(page, 'Free')).not.toContainText('Active');
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('Contacts: 0 of 2,500');

  // The card is on file now: no card form, but the charge is confirmed with its amount first.
  await plan(page, 'Professional').getByRole('button', { name: 'Upgrade to Professional' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Professional?' }).getByRole('button', { name: 'Pay $79.00 and upgrade' }).click();
  await expect(toast(page, 'Subscribed to Professional plan successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(plan(page, 'Professional')).toContainText('Active');
  await expect(plan(page, 'Basic').getByRole('button', { name: 'Downgrade to Basic' })).toBeVisible();

  await page.reload();
  await expect(plan(page, 'Professional')).toContainText('Active');
});

test('payment card page: the card on file, replacing it, and cancelling at the end of the period', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/payment', account);
  await expect(page.getByText('No card on file.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const modal = page.getByRole('dialog', { name: 'Replace your card' });
  await modal.getByLabel('Name on card').fill('Rosa Martinez');
  await modal.getByLabel('Card number').pressSequentially('5555555555554444');
  await modal.getByLabel('Expiry').pressSequentially('0931');
  await modal.getByLabel('CVC').fill('321');
  await modal.getByRole('button', { name: 'Save card' }).click();
  await expect(toast(page, 'Card saved')).toBeVisible();
  await expect(page.getByText('Mastercard •••• 4444')).toBeVisible();

  await page.goto('/subscriptions');
  await plan(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Premium?' }).getByRole('button', { name: 'Pay $199.00 and upgrade' }).click();
  await expect(toast(page, 'Subscribed to Premium plan successfully')).toBeVisible();

  await page.goto('/settings/payment');
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(toast(page, /^Your Premium plan stays active until .+, then you move to Free\.$/)).toBeVisible();
  await expect(page.getByText(/^Cancelled: stays active until /)).toBeVisible();
});
