import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';

export { expect };

const outbox = path.resolve(E2E_DATA_DIR, 'outbox');

/** Reads the newest code mailed to `email` from the server's outbox, as a local user would. */
export async function readCodeFromOutbox(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    const candidates = files
      .map((f) => ({ file: path.join(outbox, f), mtime: fs.statSync(path.join(outbox, f)).mtimeMs }))
      .filter((f) => f.mtime > after)
      .sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const text = fs.readFileSync(file, 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
      const code = /^\s{4}(\d{6})$/m.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${email} in ${outbox}`);
}

let counter = 0;
export const uniqueEmail = (prefix = 'owner') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@cafe.test`;

/** Signs up and verifies through the API (fast), then stores the session in the page as the app does. */
export async function signUpAndVerify(page: Page, options: { name?: string; email?: string; password?: string } = {}) {
  const name = options.name ?? 'Rosa Martinez';
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct-horse-9';
  const started = Date.now() - 1000;
  const signup = await page.request.post('/api/v1/auth/signup', { data: { name, email, password, userType: 'regular' } });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const code = await readCodeFromOutbox(email, started);
  const verify = await page.request.post('/api/v1/auth/verify-account', { data: { otp: code, email, userType: 'regular' } });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  return { name, email, password };
}

/** The app's toast (Mantine notification) that says `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Opens the header's account menu once no toast covers the header: on a phone a toast at the top lies over it for a few
 * seconds (a tap there lands on the toast), and a pointer resting on a toast keeps it open.
 */
export async function openAccountMenu(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: /Account menu/ }).click();
}

/** Opens `path` signed out, signs in on the sign-in page it is sent to, and lands back on `path`. */
export async function openSignedIn(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Back on the screen asked for (a screen may add its default filter to the address, e.g. ?filter=all).
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path.includes('?') ? '' : '(\\?[^#]*)?'}$`));
}

export const test = base;
