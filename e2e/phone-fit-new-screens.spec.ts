import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, toast } from './fixtures.ts';
import { ownServer, type OwnServer } from './offline-server.ts';

// Issue 20, items 6–11, on the screens added after it was written (campaigns: email, text, video, audio;
// sequences, Ask, Team), filled by the demo café so lists, tables and details have something in them:
// at 360 and 390 px nothing scrolls sideways (the page nor a table), nothing tappable is under 44 px,
// no label or shown value is cut, no toast piles up or follows to the next screen, and no code field
// name or server variable is on the screen.

test.describe.configure({ mode: 'serial' });

const DEMO_PASSWORD = 'demo-phone-fit-1';
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = ownServer('phone-fit-new');
  // The demo account, seeded as a newcomer does it (npm run demo), into this server's own database.
  const seeded = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '..', 'scripts', 'demo.mjs')], {
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(new URL(server.origin).port), DEMO_PASSWORD, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const screens = [
  '/campaigns',
  '/campaigns/email-campaigns',
  '/campaigns/email-campaigns/drafts',
  '/campaigns/email-campaigns/history',
  '/campaigns/email-campaigns/scheduled',
  '/campaigns/email-campaigns/templates',
  '/campaigns/email-campaigns/templates/new',
  '/campaigns/email-campaigns/generated-emails',
  '/campaigns/text-campaigns',
  '/campaigns/text-campaigns/ai',
  '/campaigns/text-campaigns/all',
  '/campaigns/text-campaigns/drafts',
  '/campaigns/text-campaigns/scheduled',
  '/campaigns/text-campaigns/generated-texts',
  '/campaigns/video-campaigns',
  '/campaigns/video-campaigns/audio',
  '/campaigns/video-campaigns/drafts',
  '/campaigns/video-campaigns/generated-videos',
  '/campaigns/video-campaigns/hire-a-pro',
  '/campaigns/video-campaigns/history',
  '/campaigns/video-campaigns/scripts',
  '/campaigns/video-campaigns/trending-audios',
  '/campaigns/sequences',
  '/campaigns/sequences/add',
  '/ask-mise',
  '/settings/team',
  '/dashboard',
  '/customers',
];

/** The detail screens, reached from the lists the way an owner does: the first link of each kind. */
const details: Array<{ from: string; link: RegExp }> = [
  { from: '/campaigns/email-campaigns/history', link: /^\/campaigns\/email-campaigns\/campaign\// },
  { from: '/campaigns/text-campaigns/all', link: /^\/campaigns\/text-campaigns\/text\// },
  { from: '/campaigns/text-campaigns/generated-texts', link: /^\/campaigns\/text-campaigns\/generated-text\// },
  { from: '/campaigns/sequences', link: /^\/campaigns\/sequences\/[0-9a-f-]{36}$/ },
  { from: '/campaigns/video-campaigns/history', link: /^\/campaigns\/video-campaigns\/analytics\// },
  { from: '/campaigns/video-campaigns/generated-videos', link: /^\/campaigns\/video-campaigns\/generated-videos\/video-details\// },
  { from: '/campaigns/video-campaigns/scripts', link: /^\/edit-concept\/script\// },
  { from: '/customers', link: /^\/customers\/[0-9a-f-]{36}$/ },
];

async function signInAsDemo(page: Page) {
  await page.goto(`${server.origin}/signin`);
  await page.getByLabel('Email').fill('demo@mise.local');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.origin}/$`));
}

/** What an owner would notice on this screen at this width; an empty list each when all is well. */
const problems = (page: Page) =>
  page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[aria-hidden=true]');
    };
    const size = (element: Element) => `${Math.round(element.getBoundingClientRect().width)}×${Math.round(element.getBoundingClientRect().height)}`;
    const name = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    const small = [...document.querySelectorAll<HTMLElement>('button, a[href], [role=button], [role=tab], input:not([type=hidden]):not(.mantine-PillsInput-field):not([class*=inputField]), select, textarea')]
      .filter(visible)
      .filter((element) => {
        // A link inside a sentence is sized by its line; controls are what this checks.
        if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') return false;
        // A radio or checkbox is tapped on its whole row (box and label).
        const row = element instanceof HTMLInputElement && ['radio', 'checkbox'].includes(element.type) && element.getAttribute('role') !== 'switch' ? element.closest('.mantine-Radio-body, .mantine-Checkbox-body') : null;
        const box = (row ?? element).getBoundingClientRect();
        return box.height < 43.5 || box.width < 43.5;
      })
      .map((element) => `${element.tagName} "${name(element)}" ${size(element)}`);
    const cut = [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Input-input, label, .mantine-Badge-label, .mantine-Tabs-tabLabel')]
      .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1 && !(element instanceof HTMLInputElement && element.value === ''))
      .map((element) => (element instanceof HTMLInputElement ? element.value : (element.textContent ?? '')).trim());
    const tables = [...document.querySelectorAll<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')]
      .filter((element) => visible(element) && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `a table ${element.scrollWidth} px wide in ${element.clientWidth} px`);
    // What the owner types in a rich-text editor (a {{first_name}} merge tag they put there) is theirs, not jargon.
    let text = document.body.innerText;
    for (const editor of document.querySelectorAll<HTMLElement>('[contenteditable=true]')) text = text.replace(editor.innerText, '');
    const jargon = [...new Set([...(text.match(/\b[a-z]+_[a-z_]+\b/g) ?? []), ...(text.match(/\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/g) ?? [])])];
    return {
      sideways: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
      tables,
      small,
      cut,
      jargon,
      toasts: document.querySelectorAll('.mantine-Notification-root').length,
    };
  });

for (const width of [360, 390]) {
  test(`newer screens at ${width} px: no sideways scroll, 44 px targets, nothing cut, plain words`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 844 });
    await signInAsDemo(page);

    const paths = [...screens];
    for (const { from, link } of details) {
      await page.goto(`${server.origin}${from}`);
      await page.waitForLoadState('networkidle');
      const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('?')[0]!));
      const found = hrefs.find((href) => link.test(href));
      expect(found, `a link like ${link} on ${from}`).toBeTruthy();
      paths.push(found!);
    }

    for (const path of paths) {
      await page.goto(`${server.origin}${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await problems(page), path).toEqual({ sideways: 0, tables: [], small: [], cut: [], jargon: [], toasts: 0 });
      if (width === 360) await page.screenshot({ path: `test-results/phone-fit-new/${path.slice(1).replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
    }
  });
}

test('trending audios say what the owner can do, not which server variables are missing', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsDemo(page);
  await page.goto(`${server.origin}/campaigns/video-campaigns/trending-audios`);
  await expect(page.getByRole('alert')).toContainText('Trending audios aren’t available on this Mise yet. You can still make a voice-over from your own words on the Audio screen.');
  await expect(page.locator('body')).not.toContainText('TIKTOK_');
});

test('toasts on the team screen: at most two at once, none follows to the next screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsDemo(page);
  await page.goto(`${server.origin}/settings/team`);
  const invite = page.getByLabel('Email address');
  // The same address three times: sent once, then refused twice (already invited).
  for (let i = 0; i < 3; i++) {
    await invite.fill('sous.chef@cafe.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // A sent invitation empties the field (so the button rests disabled); a refused one keeps it. Either way the
    // request is over once the button stops spinning.
    await expect(page.getByRole('button', { name: 'Send invitation' })).not.toHaveAttribute('data-loading', 'true');
    await expect(toast(page, /./).first()).toBeVisible();
  }
  await expect(toast(page, /./).first()).toBeVisible();
  expect(await page.locator('.mantine-Notification-root').count()).toBeLessThanOrEqual(2);
  for (const text of await page.locator('.mantine-Notification-root').allInnerTexts()) expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b|^[a-z]\w*: /);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(new RegExp(`^${server.origin}/$`));
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});
