import type { Page } from '@playwright/test';
import { expect, signUpAndVerify, test } from './fixtures.ts';

// At 360 px (the narrowest common phone): no screen scrolls sideways and no button label is cut (issue 17);
// an unknown address shows the not-found screen inside the app's shell, with the way home.
test.use({ viewport: { width: 360, height: 780 } });

const screens = ['/', '/customers', '/customers/new', '/customers/segments', '/media', '/campaigns', '/campaigns/email-campaigns', '/campaigns/text-campaigns', '/brand', '/profile', '/subscriptions', '/settings/pos', '/settings/socials', '/settings/content', '/settings/notifications', '/settings/password'];

async function signIn(page: Page) {
  const account = await signUpAndVerify(page, { name: 'Rosa Martinez' });
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Buttons whose label is wider than the room it has (ellipsis or clipping). */
const cutLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );

test('every screen fits 360 px: no sideways scroll, no cut button labels', async ({ page }) => {
  await signIn(page);
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await cutLabels(page), `${path} cut labels`).toEqual([]);
  }
});

test('an unknown address shows the not-found screen in the shell, with the way home', async ({ page }) => {
  await signIn(page);
  await page.goto('/campaigns/no-such-screen');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: "This page isn't here" })).toBeVisible();
  // The shell is there: the bottom navigation still takes you places.
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/not-found-360.png' });
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Rosa$/);
});

test('signed out, an unknown address asks to sign in first', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
});
