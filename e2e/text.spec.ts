import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT, E2E_SQUARE_PORT } from '../playwright.config.ts';
import { startFakeSquare, type FakeSquare } from '../tests/fakes/square.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// Text campaigns on a phone: the chat asks a question, then writes; Launch Campaign; the counter turns UCS-2 with
// an emoji and back with "Replace with plain characters"; schedule and see it under Scheduled; cancel another;
// launch one and read its report and subscribers. Texts go to the server's local outbox (no Twilio here).

const SCREENS = 'test-results/screens';
const ORIGIN = `http://localhost:${E2E_PORT}`;
const BRAND = {
  brandName: 'La Cocina',
  website: 'lacocina.example.com',
  location: '12 Main St, Austin, TX',
  theme: '#2E7D32',
  brandVoice: ['warm'],
  description: 'A family taqueria with tacos al pastor and horchata.',
};

/** Numbers whose recipients are awake now (quiet hours hold texts before 8:00 and after 21:00 where they are). */
const ZONES = [
  { zone: 'America/New_York', phone: (n: number) => `+1212555010${n}` },
  { zone: 'America/Los_Angeles', phone: (n: number) => `+1213555010${n}` },
  { zone: 'Pacific/Honolulu', phone: (n: number) => `+1808555010${n}` },
  { zone: 'Europe/London', phone: (n: number) => `+44207946010${n}` },
  { zone: 'Asia/Tokyo', phone: (n: number) => `+8131234567${n}` },
];
const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
const awake = ZONES.find((candidate) => hourIn(candidate.zone) >= 9 && hourIn(candidate.zone) <= 19)!;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
let square: FakeSquare;
test.beforeAll(async () => {
  square = await startFakeSquare({ port: E2E_SQUARE_PORT, customers: 0, ordersPerCustomer: 0, latencyMs: 0 });
});
test.afterAll(() => square.close());

/** An owner with complete restaurant details, Square connected and imported, 4 guests who agreed to texts (and 2 who did not). */
async function prepare(page: Page) {
  const account = await signUpAndVerify(page);
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const { token, userId } = (await signin.json()) as { token: string; userId: string };
  const headers = { Authorization: `Bearer ${token}`, Origin: ORIGIN };
  const call = async (apiPath: string, data?: unknown, method = 'POST') => {
    const response = await page.request.fetch(`${ORIGIN}/api/v1${apiPath}`, { method, headers, data });
    expect(response.ok(), `${apiPath}: ${await response.text()}`).toBeTruthy();
    return response.json();
  };
  await call(`/users/settings/${userId}`, BRAND);
  const csv = ['First name,Phone,SMS consent', ...Array.from({ length: 6 }, (_, n) => `Guest${n},${awake.phone(n)},${n < 4 ? 'yes' : 'no'}`)].join('\n');
  const imported = await page.request.post(`${ORIGIN}/api/v1/customers/auto/customer-by-csv`, { headers: { ...headers, 'Content-Type': 'text/csv' }, data: csv });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const segment = await call('/segments', { segmentation_title: 'Text guests', definition: { type: 'group', op: 'and', conditions: [] } });

  // Before Square is connected, the spec's message and the way to fix it.
  await openSignedIn(page, '/campaigns/text-campaigns', account);
  await expect(page.getByTestId('text-readiness')).toContainText('Please connect POS account to create text campaigns');
  await page.getByRole('button', { name: 'Flash Sale' }).click();
  await expect(toast(page, 'Please connect POS account to create text campaigns')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/pos$/);
  const card = page.getByTestId('pos-card-square');
  await card.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(card.getByTestId('pos-status-square')).toHaveText('Connected', { timeout: 45_000 });

  /** A text written through the chat API in one go (a complete request writes at once). */
  const written = async (query: string) => (await call('/text/chat', { query, sms_category: 'flash_sale', style: 'friendly' })) as { conversation_id: string; campaign_id: string };
  return { account, call, written, segmentId: segment.id as string };
}

async function chooseSegment(page: Page, recipients: number) {
  await page.getByRole('combobox', { name: 'Customer segment' }).click();
  await page.getByRole('option', { name: 'Text guests' }).click();
  await expect(page.getByTestId('text-preview')).toContainText(`It will reach ${recipients} guests`);
}

test('the chat asks, then writes; the counter and schedule; Scheduled with cancel', async ({ page }) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  const { call, written, segmentId } = await prepare(page);

  await page.goto('/campaigns/text-campaigns');
  await expect(page.getByRole('heading', { name: /What kind of text would you like to make\?/ })).toBeVisible();
  await expect(page.getByTestId('text-readiness')).toHaveCount(0);
  await page.getByRole('button', { name: 'Flash Sale' }).click();
  await expect(page).toHaveURL(/\/campaigns\/text-campaigns\/ai\?.*category=flash_sale/);
  await page.getByTestId('style-picker').getByText('Urgent').click();

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('write a text for a sale');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('text-question')).toBeVisible();
  await expect(page).toHaveURL(/conversation=/);
  await page.screenshot({ path: `${SCREENS}/text-1-question.png`, fullPage: true });
  await box.fill('Half-price fries tonight from 5 to 7pm');
  await page.getByRole('button', { name: 'Send' }).click();
  const draft = page.getByTestId('text-draft');
  await expect(draft).toContainText('Reply STOP to opt out');
  await expect(box).toBeDisabled();
  await expect(box).toHaveAttribute('placeholder', /Your text is ready/);
  await page.screenshot({ path: `${SCREENS}/text-2-draft.png`, fullPage: true });

  // The history sheet lists it as completed; rename it there.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('chat-history');
  await expect(history).toContainText('completed');
  await history.getByRole('button', { name: /^Rename/ }).first().click();
  await page.getByRole('dialog', { name: 'Rename chat' }).getByLabel('Title').fill('Fries tonight');
  await page.getByRole('dialog', { name: 'Rename chat' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Campaign title updated successfully')).toBeVisible();
  await expect(history).toContainText('Fries tonight');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Launch Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/text-campaigns\/generated-text\//);
  await expect(page.getByRole('heading', { name: 'Fries tonight' })).toBeVisible();
  const input = page.getByTestId('text-draft-input');
  const original = await input.inputValue();
  await input.fill(`${original} 🍟`);
  await expect(page.getByTestId('sms-meter-encoding')).toHaveText('UCS-2');
  await expect(page.getByTestId('sms-meter-ucs2')).toContainText('emoji');
  await page.screenshot({ path: `${SCREENS}/text-3-ucs2.png`, fullPage: true });
  await input.fill(`${original.replace('Reply STOP', 'Don’t miss it. Reply STOP')}`);
  await expect(page.getByTestId('sms-meter-ucs2')).toContainText('curly quote');
  await page.getByRole('button', { name: 'Replace with plain characters' }).click();
  await expect(page.getByTestId('sms-meter-encoding')).toHaveText('GSM-7');
  await expect(input).toHaveValue(/Don't miss it/);
  await page.getByRole('button', { name: 'Save text' }).click();
  await expect(toast(page, /updated|saved/i)).toBeVisible();

  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Please select a customer segment').first()).toBeVisible();
  await chooseSegment(page, 4);
  await expect(page.getByTestId('sms-meter-cost')).toContainText('4 guests');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Please select a date').first()).toBeVisible();
  const at = new Date(Date.now() + 26 * 3_600_000);
  await page.getByRole('button', { name: 'Date' }).click();
  await page.getByRole('button', { name: `${at.getDate()} ${at.toLocaleString('en-US', { month: 'long' })} ${at.getFullYear()}`, exact: true }).click();
  await expect(page.getByRole('button', { name: 'Launch now' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/text-4-schedule.png`, fullPage: true });
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(toast(page, 'Campaign Scheduled successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/text-campaigns$/);

  // Another one scheduled through the API, to cancel from the list.
  const other = await written('Taco Tuesday: 3 tacos for $9 this Tuesday from noon to 9pm for everyone');
  await call('/text/campaigns/schedule', { campaign_id: other.campaign_id, segmentation_id: segmentId, scheduled_time: new Date(Date.now() + 50 * 3_600_000).toISOString() });
  await page.getByRole('link', { name: 'View Scheduled' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled Campaigns' })).toBeVisible();
  const rows = page.getByTestId('scheduled-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Fries tonight' })).toContainText('Scheduled');
  await rows.filter({ hasText: /Taco Tuesday/i }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(toast(page, 'Campaign cancelled successfully')).toBeVisible();
  await page.getByText('Cancelled', { exact: true }).first().click();
  await expect(page).toHaveURL(/status=CANCELLED/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Taco Tuesday/i);
  await page.screenshot({ path: `${SCREENS}/text-5-scheduled.png`, fullPage: true });
});

test('a message typed offline is answered once back; launch now: one text each in the outbox, the report and the subscribers say so', async ({ page }) => {
  const { written } = await prepare(page);
  // A message typed offline waits on the phone, shown as waiting, and is answered once back online.
  await page.goto('/campaigns/text-campaigns/ai?category=happy_hour');
  await expect(page.getByTestId('style-picker')).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('textbox', { name: 'Message' }).fill('Happy hour');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-waiting')).toHaveText('Waiting for a connection');
  await page.screenshot({ path: `${SCREENS}/text-0-offline.png`, fullPage: true });
  await page.context().setOffline(false);
  await expect(page.getByTestId('text-question')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chat-waiting')).toHaveCount(0);
  await expect(page.getByTestId('owner-message')).toHaveCount(1);

  const text = await written('Free churros with every order tonight from 6 to 9pm for all our guests');
  await page.goto(`/campaigns/text-campaigns/generated-text/${text.conversation_id}`);
  await expect(page.getByTestId('texts-not-sent').first()).toBeVisible();
  await chooseSegment(page, 4);
  await page.getByRole('button', { name: 'Launch now' }).click();
  await expect(toast(page, 'Campaign launched successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/text-campaigns$/);

  await page.getByRole('link', { name: 'View all' }).click();
  await page.getByRole('row').filter({ hasText: /churros/i }).getByRole('link').click();
  await expect(page).toHaveURL(/\/campaigns\/text-campaigns\/text\//);
  await expect(page.getByTestId('report-sent')).toContainText('4', { timeout: 30_000 });
  const outbox = path.join(E2E_DATA_DIR, 'sms-outbox');
  const lines = () =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .flatMap((file) => fs.readFileSync(path.join(outbox, file), 'utf8').split('\n').filter(Boolean))
          .map((line) => JSON.parse(line) as { to: string; body: string })
          .filter((line) => line.body.toLowerCase().includes('churros'))
      : [];
  await expect.poll(() => lines().length).toBe(4);
  for (let n = 0; n < 4; n++) expect(lines().filter((line) => line.to === awake.phone(n))).toHaveLength(1);
  for (let n = 4; n < 6; n++) expect(lines().filter((line) => line.to === awake.phone(n))).toHaveLength(0);
  // Over time: the same analytics as the dashboard, for this text, in a window the owner picks.
  const period = page.getByTestId('report-period');
  await expect(period).toContainText('Sent');
  await period.getByText('90 days', { exact: true }).click();
  await expect(period.getByTestId('came-back')).toContainText(/guests? it reached/);
  await page.screenshot({ path: `${SCREENS}/text-6-report.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText('4 recipients');
  await expect(page.getByTestId('recipient').first()).toContainText('Sent');
  await page.screenshot({ path: `${SCREENS}/text-7-subscribers.png`, fullPage: true });
});
