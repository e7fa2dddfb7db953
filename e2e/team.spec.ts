import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { expect, signUpAndVerify, test, toast, uniqueEmail } from './fixtures.ts';
import { launchPhone, ownServer, signUpAndSignIn, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// Issue 19 on a phone: the owner invites a team member; the invitee opens the link from the mail outbox, joins, lands
// on the staff home and uploads a photo from the camera roll; the owner sees it with the uploader's name, filters the
// library by uploader, and after a downgrade below the team's size is told the team is over the plan.

test.use({ viewport: { width: 390, height: 844 } });
const shots = process.env.TEAM_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

/** The invitation link mailed to `email`, read from the .eml in DATA_DIR/outbox as a local user would. */
async function invitationLinkFor(email: string, dataDir = E2E_DATA_DIR): Promise<string> {
  const outbox = path.resolve(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      // Undo quoted-printable soft breaks and escapes, if the writer used them.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const link = /https?:\/\/[^\s"<>]+\/join\?invite=[A-Za-z0-9_%-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation for ${email}`);
}

test('owner invites, the invitee joins from the mailed link, uploads a photo; the owner sees who uploaded it', async ({ page, browser }) => {
  // The owner, on Basic (2 team members) through the built-in test billing.
  const owner = await signUpAndVerify(page, { name: 'Rosa Martinez' });
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email: owner.email, password: owner.password, userType: 'regular' } });
  const token = (await signin.json()).token as string;
  const auth = { Authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/v1/subscriptions/card', { headers: auth, data: { provider: 'builtin', name: 'Rosa', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } })).ok()).toBeTruthy();
  expect((await page.request.post('/api/v1/subscriptions', { headers: auth, data: { planId: 'basic' } })).ok()).toBeTruthy();

  await page.goto('/settings/team');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(page.getByTestId('team-usage')).toHaveText('1 of 2 on Basic');

  const staffEmail = uniqueEmail('sam');
  await page.getByRole('textbox', { name: 'Email address' }).fill(staffEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${staffEmail}`)).toBeVisible();
  await expect(page.getByTestId('team-invitation')).toContainText(staffEmail);
  await shot(page, '01-team-invited');

  // The invitee, on their own phone.
  const link = await invitationLinkFor(staffEmail);
  expect(new URL(link).searchParams.get('invite')).toBeTruthy();
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const staff = await staffContext.newPage();
  await staff.goto(new URL(link).pathname + new URL(link).search);
  await expect(staff.getByRole('heading', { name: "Join Rosa's restaurant" })).toBeVisible();
  await expect(staff.getByText(staffEmail)).toBeVisible();
  await shot(staff, '02-join');
  await staff.getByLabel('Your name').fill('Sam Lee');
  await staff.getByLabel('Password', { exact: true }).fill('staff-pass-42');
  await staff.getByLabel('Confirm password').fill('staff-pass-42');
  await staff.getByRole('button', { name: 'Join the team' }).click();

  // The staff home: upload, their uploads, their profile; the reduced navigation.
  await expect(staff).toHaveURL(/\/$/);
  await expect(staff.getByRole('heading', { name: 'Hi Sam' })).toBeVisible();
  const nav = staff.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Media']);
  await expect(nav.getByText('Customers')).toHaveCount(0);
  await shot(staff, '03-staff-home');

  // An owner's screen is not theirs: sent home.
  await staff.goto('/customers');
  await expect(staff).toHaveURL(/\/$/);

  await staff.getByRole('button', { name: 'Upload photos or videos' }).click();
  const chooser = staff.waitForEvent('filechooser');
  await staff.getByRole('button', { name: 'Photo library' }).click();
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 210, g: 90, b: 40 } } }).jpeg().toBuffer();
  await (await chooser).setFiles({ name: 'birria-tacos.jpg', mimeType: 'image/jpeg', buffer: photo });
  await staff.getByRole('textbox', { name: 'Description' }).first().fill('Birria tacos, tonight’s special');
  await staff.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(staff, 'All files uploaded successfully')).toBeVisible();
  await expect(staff.getByTestId('staff-recent')).toContainText('Birria tacos, tonight’s special');
  await shot(staff, '04-staff-uploaded');
  // Their library and profile open without a refusal anywhere (nothing on these screens asks for the owner's data).
  const refusals: string[] = [];
  staff.on('response', (response) => {
    if (response.status() === 403) refusals.push(response.url());
  });
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  await expect(staff.getByRole('button', { name: /birria/i }).first()).toBeVisible();
  await staff.getByRole('button', { name: /birria/i }).first().click();
  await expect(staff.getByRole('button', { name: 'Edit description' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await shot(staff, '05-staff-viewer');
  await staff.keyboard.press('Escape');
  await staff.goto('/profile');
  await expect(staff.getByLabel('Display name')).toHaveValue('Sam Lee');
  expect(refusals).toEqual([]);
  await staffContext.close();

  // The owner sees the new member, their upload and their name on it.
  await page.reload();
  const sam = page.getByTestId('team-member').filter({ hasText: 'Sam Lee' });
  await expect(sam).toContainText('1 upload');
  await expect(page.getByTestId('team-usage')).toHaveText('2 of 2 on Basic');
  await sam.getByRole('button', { name: 'See what Sam Lee uploaded' }).click();
  await expect(page.getByRole('dialog', { name: 'Uploaded by Sam Lee' })).toContainText('Birria tacos, tonight’s special');
  await shot(page, '06-owner-sees-uploads');
  await page.keyboard.press('Escape');

  await page.goto('/media');
  await page.getByRole('button', { name: /birria/i }).first().click();
  await expect(page.getByTestId('media-uploader')).toHaveText('Uploaded by Sam Lee');
  await shot(page, '07-owner-viewer');
  await page.keyboard.press('Escape');

  // The owner's own photo, then the filter by uploader: Everyone, the owner, each member; kept in the URL.
  const soup = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 200, b: 60 } } }).jpeg().toBuffer();
  const added = await page.request.post('/api/v1/media/add', {
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
    multipart: { description: 'Corn soup', file: { name: 'corn-soup.jpg', mimeType: 'image/jpeg', buffer: soup } },
  });
  expect(added.status()).toBe(201);
  await page.goto('/media');
  const filter = page.getByRole('group', { name: 'Uploaded by' });
  await expect(filter.getByRole('radio')).toHaveCount(3);
  await expect(filter).toContainText('Everyone');
  await expect(filter).toContainText('Rosa (you)');
  await expect(page.getByRole('button', { name: /corn-soup/i }).first()).toBeVisible();
  await filter.getByText('Sam Lee', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]uploader=[0-9a-f-]{36}/);
  await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /corn-soup/i })).toHaveCount(0);
  await shot(page, '08-owner-filter-sam');
  // A reload keeps the filter (the URL carries it).
  await page.reload();
  await expect(filter.getByRole('radio', { name: 'Sam Lee' })).toBeChecked();
  await expect(page.getByRole('button', { name: /corn-soup/i })).toHaveCount(0);
  // The Images tab keeps the filter.
  await page.getByRole('link', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/media\/images\?uploader=[0-9a-f-]{36}/);
  await expect(filter.getByRole('radio', { name: 'Sam Lee' })).toBeChecked();
  await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /corn-soup/i })).toHaveCount(0);
  await filter.getByText('Rosa (you)').click();
  await expect(page.getByRole('button', { name: /corn-soup/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /birria/i })).toHaveCount(0);
  await filter.getByText('Everyone').click();
  await expect(page).not.toHaveURL(/uploader=/);
  await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /corn-soup/i }).first()).toBeVisible();

  // Up to Professional, a third person joins, then back down to Basic (2): nobody is removed, but the Team screen says
  // the team is over the plan's size and the invitation form is closed.
  expect((await page.request.post('/api/v1/subscriptions', { headers: auth, data: { planId: 'professional' } })).ok()).toBeTruthy();
  const liaEmail = uniqueEmail('lia');
  expect((await page.request.post('/api/v1/team/invitations', { headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, data: { email: liaEmail } })).status()).toBe(201);
  const liaToken = new URL(await invitationLinkFor(liaEmail)).searchParams.get('invite');
  expect((await page.request.post('/api/v1/team/invitations/accept', { data: { token: liaToken, name: 'Lia Park', password: 'staff-pass-42' } })).status()).toBe(201);
  expect((await page.request.post('/api/v1/subscriptions', { headers: auth, data: { planId: 'basic' } })).ok()).toBeTruthy();
  await page.goto('/settings/team');
  await expect(page.getByTestId('team-usage')).toHaveText('3 of 2 on Basic');
  await expect(page.getByTestId('team-over-limit')).toHaveText(
    'Your team has 3 people, more than the 2 your Basic plan allows. Nobody was removed, but new invitations are refused and open ones cannot be accepted until you upgrade. See plans',
  );
  await expect(page.getByTestId('team-member')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('four'));
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await shot(page, '09-team-over-plan');
});

test.describe('offline', () => {
  let server: OwnServer;
  let context: BrowserContext | undefined;
  test.beforeAll(async () => {
    server = ownServer('team-offline');
    await server.start();
  });
  test.afterAll(async () => {
    await context?.close();
    await server.stop();
  });

  test("the owner's filter by uploader reads from the phone without a connection, like the rest of the library", async () => {
    const phone = await launchPhone(server.origin, 'team');
    context = phone.context;
    const { page } = phone;
    const owner = await signUpAndSignIn(server, page);
    await waitForServiceWorker(page);
    const url = (p: string) => `${server.origin}${p}`;
    const auth = { Authorization: `Bearer ${owner.token}` };
    expect((await page.request.post(url('/api/v1/subscriptions/card'), { headers: auth, data: { provider: 'builtin', name: 'Rosa', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } })).ok()).toBeTruthy();
    expect((await page.request.post(url('/api/v1/subscriptions'), { headers: auth, data: { planId: 'basic' } })).ok()).toBeTruthy();
    const staffEmail = uniqueEmail('sam');
    expect((await page.request.post(url('/api/v1/team/invitations'), { headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, data: { email: staffEmail } })).status()).toBe(201);
    const invite = new URL(await invitationLinkFor(staffEmail, server.dataDir)).searchParams.get('invite');
    const joined = await page.request.post(url('/api/v1/team/invitations/accept'), { data: { token: invite, name: 'Sam Lee', password: 'staff-pass-42' } });
    expect(joined.status()).toBe(201);
    const staff = (await joined.json()) as { userId: string; token: string };
    const add = async (token: string, name: string, description: string, background: { r: number; g: number; b: number }) => {
      const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background } }).jpeg().toBuffer();
      const res = await page.request.post(url('/api/v1/media/add'), {
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
        multipart: { description, file: { name, mimeType: 'image/jpeg', buffer } },
      });
      expect(res.status()).toBe(201);
    };
    await add(staff.token, 'birria-tacos.jpg', 'Birria tacos', { r: 210, g: 90, b: 40 });
    await add(owner.token, 'corn-soup.jpg', 'Corn soup', { r: 240, g: 200, b: 60 });

    // Online once: everything, then Sam's uploads.
    await page.goto('/media');
    await expect(page.getByRole('button', { name: /corn-soup/i }).first()).toBeVisible();
    const filter = page.getByRole('group', { name: 'Uploaded by' });
    await filter.getByText('Sam Lee', { exact: true }).click();
    await expect(page.getByRole('button', { name: /corn-soup/i })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
    // Kept on the phone: the list of uploaders and the filtered listing.
    await expect
      .poll(() =>
        page.evaluate(async (staffId) => {
          const persisted = await new Promise<unknown>((resolve) => {
            const open = indexedDB.open('mise');
            open.onsuccess = () => {
              const get = open.result.transaction('kv').objectStore('kv').get('query-cache');
              get.onsuccess = () => resolve(get.result);
            };
          });
          return typeof persisted === 'string' && persisted.includes('"uploaders"') && persisted.includes(`"by","${staffId}"`);
        }, staff.userId),
      )
      .toBe(true);

    // No connection: the reload keeps the filter (the URL) and reads both lists from the phone.
    await context.setOffline(true);
    await page.reload();
    await expect(filter.getByRole('radio', { name: 'Sam Lee' })).toBeChecked();
    await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /corn-soup/i })).toHaveCount(0);
    await shot(page, '10-offline-filter');
    await filter.getByText('Everyone').click();
    await expect(page.getByRole('button', { name: /corn-soup/i }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /birria/i }).first()).toBeVisible();
  });
});
