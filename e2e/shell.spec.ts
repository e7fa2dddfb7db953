import type { Locator, Page } from '@playwright/test';
import { navSections } from '../src/ui/nav-items.ts';
import { expect, signUpAndVerify, test } from './fixtures.ts';

// The nav list grows as features ship: the frame must show exactly what src/ui/nav-items.ts lists.
const sections = navSections();
const labels = (items: { label: string }[]) => items.map((item) => item.label);
const startsWith = (items: { label: string }[]) => items.map((item) => new RegExp(`^${item.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

// The signed-in frame: bottom bar and More sheet on a phone, sidebar on a wide screen, header, home shortcuts.

async function signIn(page: Page, name: string) {
  const account = await signUpAndVerify(page, { name });
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  return account;
}

/** Touch first: every target in the list is at least 44 × 44 CSS pixels. */
async function expectTouchSized(targets: Locator) {
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    const name = (await targets.nth(i).textContent())?.trim() || (await targets.nth(i).getAttribute('aria-label'));
    expect(box, `${name} is on screen`).not.toBeNull();
    expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(44);
    expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(44);
  }
}

test('on a phone: greeting, shortcuts to the screens that exist, bottom bar and More sheet', async ({ page }) => {
  await signIn(page, 'Rosa Martinez');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Rosa$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Account menu/ })).toContainText('Rosa');

  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link');
  await expect(shortcuts).toHaveText(startsWith([...sections.primary, ...sections.more].filter((item) => item.path !== '/')));
  await expectTouchSized(shortcuts);

  // The sidebar is for wide screens only; the phone gets the bottom bar.
  const bottomBar = page.getByRole('contentinfo').getByRole('navigation', { name: 'Main' });
  await expect(bottomBar).toBeVisible();
  await expect(page.locator('[data-shell=navbar]')).toBeHidden();
  const barTargets = bottomBar.locator('a, button');
  await expect(barTargets).toHaveText([...labels(sections.bottomBar), 'More']);
  await expectTouchSized(barTargets);
  await expectTouchSized(header.locator('a, button'));
  await expect(bottomBar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // The bar clears the home indicator of an installed app.
  const footerPadding = await page.locator('[data-shell=footer]').evaluate((el) => getComputedStyle(el).paddingBottom);
  expect(footerPadding).toMatch(/px$/);

  await bottomBar.getByRole('button', { name: 'More' }).click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  await expect(sheet.getByRole('link')).toHaveText(startsWith(sections.moreSheet));
  await expect(sheet.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectTouchSized(sheet.locator('a, button:not(.mantine-CloseButton-root)'));
  await sheet.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(sheet).toBeHidden();

  await bottomBar.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: /^Profile/ }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await bottomBar.getByRole('button', { name: 'More' }).click();
  await sheet.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?redirect=%2F$/);
});

test('on a wide screen: a sidebar instead of the bottom bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'Sam Okafor');
  const sidebar = page.locator('[data-shell=navbar]').getByRole('navigation', { name: 'Main' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link')).toHaveText(labels([...sections.primary, ...sections.more]));
  await expect(page.locator('[data-shell=footer]')).toBeHidden();

  await sidebar.getByRole('link', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/settings\/password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toContainText('Sam');
});

test('the avatar menu reaches every account screen', async ({ page }) => {
  await signIn(page, 'Ines Duarte');
  const menuButton = page.getByRole('button', { name: /Account menu/ });
  for (const [item, path] of [
    ['Profile', '/profile'],
    ['Change password', '/settings/password'],
    ['Notifications', '/settings/notifications'],
  ] as const) {
    await menuButton.click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test("the home is painted from the owner's last visit before the JavaScript, then React draws the same screen; dropped at sign-out", async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, 'Marta Quintero');
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link');
  await expect(shortcuts.first()).toBeVisible();
  // Saved once the figures are drawn.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mise.homeSnapshot') !== null)).toBe(true);
  const count = await shortcuts.count();

  // The entry script waits: what is on view is index.html's loader and the saved home.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'home');
  await expect(page.locator('#root [data-prerender]').first()).toBeAttached();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Good (morning|afternoon|evening), Marta$/);
  await expect(shortcuts).toHaveCount(count);
  // Nothing answers a tap before the JavaScript: the copy's buttons are disabled, its sync state is not shown.
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeDisabled();
  await expect(page.getByTestId('sync-badge')).toBeHidden();
  const painted = await heading.boundingBox();

  release();
  // React's first render has replaced the HTML with the same screen, in the same place.
  await expect(page.locator('#root [data-prerender]')).toHaveCount(0);
  await expect(heading).toHaveText(/^Good (morning|afternoon|evening), Marta$/);
  await expect(shortcuts).toHaveCount(count);
  await expect(page.getByTestId('sync-badge')).toBeVisible();
  expect(await heading.boundingBox()).toEqual(painted);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);

  // A home saved on another day is not shown (the greeting and the date would be wrong): the JavaScript draws it.
  await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: /^Profile/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('mise.homeSnapshot')!) as { day: string };
    localStorage.setItem('mise.homeSnapshot', JSON.stringify({ ...saved, day: 'Mon Jan 01 2001' }));
  });
  await page.goto('/');
  await expect(heading).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', 'home');

  // Signing out drops it.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('mise.homeSnapshot') ?? '{}').day)).not.toBe('Mon Jan 01 2001');
  const bottomBar = page.getByRole('contentinfo').getByRole('navigation', { name: 'Main' });
  await bottomBar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  // The app moves to /signin first, then signs out: the saved home goes with the session.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mise.session'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('mise.homeSnapshot'))).toBeNull();
  expect(violations).toEqual([]);
});
