import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PORT } from '../playwright.config.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';
import { launchPhone, waitForServiceWorker } from './offline-server.ts';

// Email campaigns, part 1, on a phone: a draft from a prompt, its images and a new angle, completing it and
// editing it in place; a template made in the visual editor; edits made offline; an edit that meets a newer one.

const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/email-${name}.png`, fullPage: true });
const ORIGIN = `http://localhost:${E2E_PORT}`;
const BRAND = { brandName: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brandVoice: ['warm', 'playful'], description: 'A family taqueria.' };

async function tokenOf(page: Page, account: { email: string; password: string }) {
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  return (await signin.json()) as { token: string; userId: string };
}

/** Brand settings and a few described photos, as an owner would have them before writing emails. */
async function prepareOwner(page: Page, session: { token: string; userId: string }) {
  const auth = { Authorization: `Bearer ${session.token}`, Origin: ORIGIN };
  expect((await page.request.post(`${ORIGIN}/api/v1/users/settings/${session.userId}`, { headers: auth, data: BRAND })).ok()).toBeTruthy();
  for (const [index, description] of ['Fish tacos on the patio', 'Fresh tortillas', 'Our dining room at night'].entries()) {
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 * index, g: 120, b: 60 } } }).jpeg().toBuffer();
    const added = await page.request.post(`${ORIGIN}/api/v1/media/add`, {
      headers: auth,
      multipart: { type: 'image', name: `photo-${index}.jpg`, description, file: { name: `photo-${index}.jpg`, mimeType: 'image/jpeg', buffer: bytes } },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
}

/** A sticky action must be tappable where it is: on screen, above the phone's bottom bar, without scrolling to the end. */
async function expectAboveBottomBar(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  const [box, bar] = await Promise.all([button.boundingBox(), page.getByRole('navigation', { name: 'Main' }).boundingBox()]);
  expect(box, name).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} sits above the bottom bar`).toBeLessThanOrEqual(bar!.y);
}

async function api(page: Page, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(`${ORIGIN}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN }, data });
  return { status: response.status(), body: await response.json() };
}

test('write a draft from a prompt, refresh its images, regenerate it, complete it and edit a paragraph in place', async ({ page }) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  const session = await tokenOf(page, account);
  await prepareOwner(page, session);

  await openSignedIn(page, '/campaigns', account);
  await page.getByRole('link', { name: /Email/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Email campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'Add New' }).click();
  await page.getByLabel('What is the email about?').fill('Friday fish tacos, 2 for $12, this week only');
  await page.getByRole('button', { name: 'Write my email' }).click();

  await expect(page).toHaveURL(/\/campaigns\/email-campaigns\/drafts-view\//);
  const frame = page.frameLocator('[data-testid=email-frame]');
  await expect(frame.locator('[data-block-type=heading]').first()).toContainText('$12');
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  // The email is several screens long; Complete stays under the thumb.
  await expectAboveBottomBar(page, 'Complete');
  await shot(page, '1-draft');

  const draftId = page.url().split('/drafts-view/')[1]!.split(/[/?#]/)[0]!;
  const before = (await api(page, session.token, 'GET', `/email/drafts/${draftId}`)).body;
  await page.getByRole('button', { name: 'Refresh Images' }).click();
  await expect(toast(page, 'Updated successfully')).toBeVisible();
  const refreshed = (await api(page, session.token, 'GET', `/email/drafts/${draftId}`)).body;
  expect(refreshed.media_ids).not.toEqual(before.media_ids);

  await page.getByRole('button', { name: 'Regenerate Email' }).click();
  await expect(toast(page, 'Regenerated Successfully')).toBeVisible();
  const regenerated = (await api(page, session.token, 'GET', `/email/drafts/${draftId}`)).body;
  expect(regenerated.version).toBe(refreshed.version + 1);
  expect(JSON.stringify(regenerated.blocks)).not.toBe(JSON.stringify(refreshed.blocks));

  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(toast(page, 'Completed successfully')).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  // In place: tap a paragraph of the email and type.
  await page.getByRole('button', { name: 'Edit text here' }).click();
  const paragraph = page.frameLocator('[data-testid=email-frame]').locator('[data-block-part] p').nth(1);
  await paragraph.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Bring a friend.');
  await shot(page, '2-edit-in-place');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Updated successfully')).toBeVisible();
  const edited = (await api(page, session.token, 'GET', `/email/drafts/${draftId}`)).body;
  expect(JSON.stringify(edited.blocks)).toContain('Bring a friend.');

  // The title of a completed draft.
  await page.getByLabel('Campaign title').fill('Fish taco Friday');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Campaign title updated successfully')).toBeVisible();
  await expect(page.getByTestId('draft-title')).toHaveText('Fish taco Friday');

  // It is listed under Completed.
  await page.goto('/campaigns/email-campaigns/generated-emails?filter=completed');
  await expect(page.getByTestId('draft-card').filter({ hasText: 'Fish taco Friday' })).toBeVisible();
  await page.goto('/campaigns/email-campaigns/generated-emails?filter=drafts');
  await expect(page.getByText('No email drafts found')).toBeVisible();
});

test('create a template in the visual editor, find it under its category, edit it and update it', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await prepareOwner(page, await tokenOf(page, account));
  await openSignedIn(page, '/campaigns/email-campaigns/templates?category=all', account);
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  await page.getByRole('link', { name: 'New template' }).click();

  await page.getByLabel('Subject').fill('Our anniversary dinner');
  await expectAboveBottomBar(page, 'Save Changes');
  await page.getByLabel('Heading', { exact: true }).fill('Ten years of La Cocina');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name your template' });
  // Name and category first: the spec's message.
  await expect(dialog.getByRole('button', { name: 'Create Template' })).toBeEnabled({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Please add title and category')).toBeVisible();
  await dialog.getByLabel('Template name').fill('Anniversary');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Event' }).click();
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Template created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/email-campaigns\/generated-emails/);

  await page.goto('/campaigns/email-campaigns/templates');
  await page.getByText('Event', { exact: true }).first().click();
  await expect(page).toHaveURL(/category=event/);
  const card = page.getByTestId('template-card').filter({ hasText: 'Anniversary' });
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Anniversary' })).toBeVisible();
  await page.getByLabel('Heading', { exact: true }).fill('Ten years, one table');
  await page.getByRole('button', { name: 'Update Template' }).click();
  await expect(toast(page, 'Template updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Heading', { exact: true })).toHaveValue('Ten years, one table');
  await shot(page, '3-template');
});

test.describe('offline', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext | undefined;
  test.afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A phone with a completed draft opened once online (kept on the device), ready to go offline. */
  async function phoneWithDraft(profile: string) {
    const phone = await launchPhone(ORIGIN, profile);
    context = phone.context;
    const { page } = phone;
    const account = await signUpAndVerify(page);
    const session = await tokenOf(page, account);
    await prepareOwner(page, session);
    const draft = (await api(page, session.token, 'POST', '/email/drafts', { prompt: 'Live music on Thursday night' })).body;
    const completed = (await api(page, session.token, 'POST', `/email/drafts/${draft.id}/complete`, { is_draft: 0, user_title: 'Live music', version: draft.version, blocks: draft.blocks })).body.draft;
    // The list of emails, then the email, as the owner opens them: both are kept on the phone.
    await openSignedIn(page, '/campaigns/email-campaigns/generated-emails', account);
    await waitForServiceWorker(page);
    await page.getByTestId('draft-card').filter({ hasText: 'Live music' }).click();
    await expect(page.getByTestId('draft-title')).toHaveText('Live music');
    // The read cache reaches IndexedDB a moment after a change (throttled to 1 s).
    await page.waitForTimeout(1500);
    return { page, session, draft: completed as { id: string; version: number } };
  }

  test('an edit made offline waits on the phone, survives a reload and syncs once', async () => {
    const { page, session, draft } = await phoneWithDraft('email-offline');
    await context!.setOffline(true);
    await page.getByLabel('Campaign title').fill('Live music, no cover');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved on this phone. It will sync when you are back online.')).toBeVisible();
    await expect(page.getByTestId('draft-waiting')).toHaveText('Waiting to sync');

    // A paragraph changed in place, offline too: it waits behind the title, made against the version after it.
    await page.getByRole('button', { name: 'Edit text here' }).click();
    await page.frameLocator('[data-testid=email-frame]').locator('[data-block-part] p').nth(1).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Doors at 7.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved on this phone. It will sync when you are back online.').first()).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('draft-title')).toHaveText('Live music, no cover');
    await expect(page.getByTestId('draft-waiting')).toBeVisible();
    // The list reads from the phone as well, and says what is waiting.
    await page.getByRole('link', { name: 'Your emails' }).click();
    const card = page.getByTestId('draft-card').filter({ hasText: 'Live music' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Waiting to sync')).toBeVisible();
    await card.click();

    await context!.setOffline(false);
    await expect(page.getByTestId('draft-waiting')).toHaveCount(0, { timeout: 30_000 });
    // Each change reached the server once, in order.
    const stored = (await api(page, session.token, 'GET', `/email/drafts/${draft.id}`)).body;
    expect(stored).toMatchObject({ user_title: 'Live music, no cover', version: draft.version + 2 });
    expect(JSON.stringify(stored.blocks)).toContain('Doors at 7.');
    expect(JSON.stringify(stored.blocks).split('Doors at 7.').length).toBe(2);
  });

  test('an offline edit that meets a newer change shows both, and the owner keeps theirs', async () => {
    const { page, session, draft } = await phoneWithDraft('email-conflict');
    await context!.setOffline(true);
    await page.getByLabel('Campaign title').fill('Title from the phone');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('draft-waiting')).toBeVisible();
    // Meanwhile, on the laptop:
    const laptop = await api(page, session.token, 'POST', `/email/drafts/${draft.id}/title`, { campaign_title: 'Title from the laptop', version: draft.version });
    expect(laptop.status).toBe(200);

    await context!.setOffline(false);
    const conflict = page.getByTestId('draft-conflict');
    await expect(conflict).toBeVisible({ timeout: 30_000 });
    await expect(conflict.getByTestId('conflict-theirs')).toHaveText('Title from the laptop');
    await expect(conflict.getByTestId('conflict-mine')).toHaveText('Title from the phone');
    await shot(page, '4-conflict');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict).toHaveCount(0);
    await expect.poll(async () => (await api(page, session.token, 'GET', `/email/drafts/${draft.id}`)).body.user_title).toBe('Title from the phone');
    await expect(page.getByTestId('draft-title')).toHaveText('Title from the phone');
  });
});
