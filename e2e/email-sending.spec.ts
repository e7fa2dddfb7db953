import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_PORT, E2E_SMTP_PORT } from '../playwright.config.ts';
import { startSmtpSink, type SmtpSink } from '../tests/fakes/smtp-sink.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// Sending email on a phone: schedule a completed email, see it under Scheduled, cancel another; launch one to
// a segment (delivered to a local SMTP sink), then read its report and its subscribers.

const SCREENS = 'test-results/screens';
const ORIGIN = `http://localhost:${E2E_PORT}`;
const BRAND = { brandName: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brandVoice: ['warm'], description: 'A family taqueria.' };

test.describe.configure({ mode: 'serial' });
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await sink.close();
});

/** An owner with a brand, 12 guests (8 agreed to email), a segment of all of them and two completed emails. */
async function prepare(page: Page) {
  const account = await signUpAndVerify(page);
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const { token, userId } = (await signin.json()) as { token: string; userId: string };
  const headers = { Authorization: `Bearer ${token}`, Origin: ORIGIN };
  const call = async (path: string, data?: unknown, method = 'POST') => {
    const response = await page.request.fetch(`${ORIGIN}/api/v1${path}`, { method, headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
    return response.json();
  };
  await call(`/users/settings/${userId}`, BRAND);
  const csv = ['First name,Email,Email consent', ...Array.from({ length: 12 }, (_, n) => `Guest${n},guest${n}@example.com,${n < 8 ? 'yes' : 'no'}`)].join('\n');
  const imported = await page.request.post(`${ORIGIN}/api/v1/customers/auto/customer-by-csv`, { headers: { ...headers, 'Content-Type': 'text/csv' }, data: csv });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  const segment = await call('/segments', { segmentation_title: 'All guests', definition: { type: 'group', op: 'and', conditions: [] } });
  const drafts = [];
  for (const prompt of ['Friday fish tacos, 2 for $12', 'Live music on Thursday night']) {
    const draft = await call('/email/drafts', { prompt });
    drafts.push((await call(`/email/drafts/${draft.id}/complete`, { is_draft: 0, user_title: prompt.split(',')[0], version: draft.version, blocks: draft.blocks })).draft);
  }
  return { account, call, segmentId: segment.id as string, drafts: drafts as Array<{ id: string; user_title: string }> };
}

async function chooseSegment(page: Page) {
  await page.getByRole('combobox', { name: 'Customer segment' }).click();
  await page.getByRole('option', { name: 'All guests' }).click();
  await expect(page.getByTestId('send-reach')).toHaveText(/This email will reach 8 of 12 customers/);
}

test('schedule a completed email, see it under Scheduled, and cancel another with the confirmation', async ({ page }) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  const { account, call, segmentId, drafts } = await prepare(page);
  // Another one scheduled for tomorrow, to cancel.
  const other = await call('/email/campaigns/schedule', { draft_campaign_id: drafts[1]!.id, segmentation_id: segmentId, scheduled_time: new Date(Date.now() + 86_400_000).toISOString() });

  await openSignedIn(page, `/campaigns/email-campaigns/drafts-view/${drafts[0]!.id}`, account);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Please select a customer segment').first()).toBeVisible();
  await chooseSegment(page);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Please select a date').first()).toBeVisible();

  // A few minutes from now, in the restaurant's time (the phone's zone at sign-up: this browser's).
  const at = new Date(Date.now() + 3 * 60_000);
  await page.getByRole('button', { name: 'Date' }).click();
  const day = `${at.getDate()} ${at.toLocaleString('en-US', { month: 'long' })} ${at.getFullYear()}`;
  await page.getByRole('button', { name: day, exact: true }).click();
  await page.getByRole('combobox', { name: 'Hour' }).click();
  await page.getByRole('option', { name: String(at.getHours()).padStart(2, '0'), exact: true }).click();
  await page.getByRole('combobox', { name: 'Minute' }).click();
  await page.getByRole('option', { name: String(at.getMinutes()).padStart(2, '0'), exact: true }).click();
  await page.screenshot({ path: `${SCREENS}/email-sending-1-schedule.png`, fullPage: true });
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(toast(page, 'Campaign Scheduled successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/email-campaigns\/campaign\//);

  await page.goto('/campaigns/email-campaigns/scheduled?status=scheduled');
  const rows = page.getByTestId('scheduled-row');
  await expect(rows.filter({ hasText: drafts[0]!.user_title })).toContainText('Scheduled');
  const toCancel = rows.filter({ hasText: drafts[1]!.user_title });
  await toCancel.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(toast(page, 'Campaign cancelled successfully')).toBeVisible();
  await page.goto('/campaigns/email-campaigns/scheduled?status=cancelled');
  await expect(page.getByTestId('scheduled-row').filter({ hasText: drafts[1]!.user_title })).toContainText('Cancelled');
  expect(other.campaign.id).toBeTruthy();
  await page.screenshot({ path: `${SCREENS}/email-sending-2-scheduled.png`, fullPage: true });
});

test('launch to a segment: the sink gets one email each, and the report and subscribers say so', async ({ page }) => {
  const { account, drafts } = await prepare(page);
  await openSignedIn(page, `/campaigns/email-campaigns/drafts-view/${drafts[0]!.id}`, account);
  await chooseSegment(page);
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(toast(page, 'Campaign launched successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/email-campaigns\/campaign\//);

  const sent = page.getByTestId('report-tile').filter({ hasText: 'Total sent' });
  await expect(sent).toContainText('8', { timeout: 30_000 });
  await expect.poll(() => sink.messages.filter((message) => /^guest\d+@example\.com$/.test(message.to) && message.raw.includes('La Cocina')).length).toBeGreaterThanOrEqual(8);
  for (let n = 0; n < 8; n++) expect(sink.countFor(`guest${n}@example.com`)).toBeGreaterThanOrEqual(1);
  for (let n = 8; n < 12; n++) expect(sink.countFor(`guest${n}@example.com`)).toBe(0);
  await expect(page.getByTestId('sales-back')).toBeVisible();
  // Over time: the dashboard's analytics for this email, 30 days by default, a week on a tap.
  const period = page.getByTestId('report-period');
  await expect(period).toContainText('Open rate');
  await period.getByText('This week', { exact: true }).click();
  await expect(period.locator('.recharts-surface')).toBeVisible();
  await expect(period.getByTestId('came-back')).toContainText(/guests? it reached/);
  await page.screenshot({ path: `${SCREENS}/email-sending-3-report.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText('8 recipients');
  await expect(page.getByTestId('recipient').first()).toContainText('Sent');

  // And on the email home, in the history.
  await page.goto('/campaigns/email-campaigns');
  await expect(page.getByTestId('history-row').first()).toContainText(drafts[0]!.user_title);
});
