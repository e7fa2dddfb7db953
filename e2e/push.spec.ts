import path from 'node:path';
import type { Page } from '@playwright/test';
import { decryptPush, startFakePushService, type FakePushService } from '../tests/fakes/push-service.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// Notifications when long work is done: the owner turns them on for this phone in Notification settings
// (Chromium grants the permission), an import finishes, the push the server sends is readable with this
// phone's keys, and the service worker shows it. Chromium here has no push service of its own (no network):
// PushManager.subscribe answers with a subscription on a local push service, with keys the test holds.

const shots = process.env.PHONE_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePushService();
});
test.afterAll(async () => {
  await push.close();
});

test('turn on notifications for this phone; an import finishing arrives as a push and is shown, a send reminder with its Cancel send button', async ({ page, context, baseURL }) => {
  const device = push.subscription('/send/pixel-7');
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript(({ endpoint, keys }) => {
    const stored = 'e2e-push-subscription';
    const subscription = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(stored);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(stored, '1');
      return subscription() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (localStorage.getItem(stored) ? subscription() : null) as unknown as PushSubscription | null;
    };
  }, { endpoint: device.endpoint, keys: device.keys });

  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/notifications', account);
  const phoneSwitch = page.getByRole('switch', { name: 'Notifications on this phone' });
  await expect(phoneSwitch).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Video ready' })).toBeChecked();
  await phoneSwitch.click({ force: true });
  await expect(toast(page, 'Notifications are on for this phone')).toBeVisible();
  await expect(phoneSwitch).toBeChecked();
  await shot(page, 'push-01-settings');

  // A reload keeps it on (the browser holds the subscription).
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Notifications on this phone' })).toBeChecked();

  // An import finishes on the server: the push goes to this phone's push service, encrypted for it.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('mise.session') ?? 'null') as { token: string }).token);
  const before = push.received.length;
  const form = { file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from('First Name,Email Address\r\nMaya,maya@example.com\r\n') } };
  const imported = await page.request.post('/api/v1/customers/auto/customer-by-csv', { multipart: form, headers: { Authorization: `Bearer ${token}`, Origin: baseURL! } });
  expect(imported.status(), await imported.text()).toBe(200);
  await expect.poll(() => push.received.length).toBe(before + 1);
  const payload = decryptPush(push.received.at(-1)!.body, device);
  expect(JSON.parse(payload)).toMatchObject({ kind: 'importFinished', title: 'Customer import finished', url: '/customers' });

  // The service worker shows it (delivered as the push service would, through DevTools).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL!));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data: payload });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`)))
    .toEqual(['Customer import finished: Imported 1 new, updated 0, skipped 0.']);

  // A reminder before a scheduled send (its shape as server/features/sending/send-reminder.ts pushes it; the one-tap
  // cancel itself is tested against the server in tests/server/send-reminders.test.ts): shown with its "Cancel send" button.
  const sendId = '00000000-0000-4000-8000-000000000018';
  const reminder = {
    kind: 'sendReminder',
    title: '“Taco Friday” goes out at 6:00 PM CST',
    body: 'Your scheduled email campaign is sent at 6:00 PM CST (Fri, Nov 27). Tap Cancel send to stop it.',
    url: '/campaigns/email-campaigns/scheduled',
    tag: `send:${sendId}`,
    actions: [{ action: 'cancel-send', title: 'Cancel send' }],
    cancel: { endpoint: `/api/v1/push/sends/${sendId}/cancel`, token: 'x', campaign: 'Taco Friday', fallbackUrl: '/campaigns/email-campaigns/scheduled' },
  };
  // Delivered again if it has not shown after a few seconds (a push service retries too; the tag makes a second
  // delivery replace the first, not add one): on a loaded machine DevTools' delivery to a sleeping worker can be lost.
  const shownReminder = () =>
    page.evaluate(async (tag) => {
      const [shown] = await (await navigator.serviceWorker.ready).getNotifications({ tag });
      const actions = (shown as (Notification & { actions?: Array<{ action: string; title: string }> }) | undefined)?.actions ?? [];
      return shown && { title: shown.title, actions: actions.map((a) => `${a.action}: ${a.title}`), data: shown.data as unknown };
    }, reminder.tag);
  await expect(async () => {
    if (!(await shownReminder())) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data: JSON.stringify(reminder) });
    }
    await expect.poll(shownReminder, { timeout: 4_000 }).toEqual({
      title: reminder.title,
      actions: ['cancel-send: Cancel send'],
      data: { url: reminder.url, cancel: reminder.cancel },
    });
  }).toPass({ timeout: 20_000 });
  expect(await page.evaluate(async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).length, reminder.tag)).toBe(1);

  // Off again: the server forgets this phone.
  await page.getByRole('switch', { name: 'Notifications on this phone' }).click({ force: true });
  await expect(toast(page, 'Notifications are off for this phone')).toBeVisible();
  const after = push.received.length;
  const again = await page.request.post('/api/v1/customers/auto/customer-by-csv', { multipart: form, headers: { Authorization: `Bearer ${token}`, Origin: baseURL! } });
  expect(again.status()).toBe(200);
  await page.waitForTimeout(500);
  expect(push.received.length).toBe(after);
});
