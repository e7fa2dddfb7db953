import type { Page } from '@playwright/test';
import { E2E_PORT, E2E_SMTP_PORT, E2E_SQUARE_PORT } from '../playwright.config.ts';
import { startSmtpSink, type SmtpSink } from '../tests/fakes/smtp-sink.ts';
import { startFakeSquare, type FakeSquare } from '../tests/fakes/square.ts';
import { expect, openSignedIn, signUpAndVerify, test, toast } from './fixtures.ts';

// Sequences and the dashboard on a phone: build a sequence of an email and a text with the plain schedule
// picker, preview the next 14 days, launch it, pause it; then open the dashboard tabs and see the week.

const SCREENS = 'test-results/screens';
const ORIGIN = `http://localhost:${E2E_PORT}`;
const BRAND = { brandName: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brandVoice: ['warm', 'local'], description: 'A family taqueria.' };

test.describe.configure({ mode: 'serial' });
let square: FakeSquare;
// Campaign email goes to a local SMTP sink on this run's port.
let sink: SmtpSink;
test.beforeAll(async () => {
  square = await startFakeSquare({ port: E2E_SQUARE_PORT, customers: 5, ordersPerCustomer: 1, latencyMs: 0 });
  sink = await startSmtpSink({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await square.close();
  await sink.close();
});

/**
 * An owner who can text (brand details, Square connected and imported) with 6 guests who agreed to email and
 * texts, a segment of all of them, a completed email and a completed text.
 */
async function prepare(page: Page) {
  const account = await signUpAndVerify(page);
  const signin = await page.request.post(`${ORIGIN}/api/v1/auth/signin`, { data: { email: account.email, password: account.password, userType: 'regular' } });
  const { token, userId } = (await signin.json()) as { token: string; userId: string };
  const headers = { Authorization: `Bearer ${token}`, Origin: ORIGIN };
  const call = async (path: string, data?: unknown, method = data === undefined ? 'GET' : 'POST') => {
    const response = await page.request.fetch(`${ORIGIN}/api/v1${path}`, { method, headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
    return response.json();
  };
  await call(`/users/settings/${userId}`, { ...BRAND, timeZone: 'America/New_York' });
  // Square, as the owner connects it: its permission page (the fake approves at once) sends back to the app.
  const { data: loginUrl } = await call('/square/authorize');
  const approved = await page.request.get(loginUrl, { maxRedirects: 0 });
  const back = approved.headers().location!;
  await call('/square/connect', { redirect_url: back.startsWith('http') ? back : `${ORIGIN}${back}` });
  await expect.poll(async () => ((await call('/pos/connection')) as { progress: number }).progress, { timeout: 45_000 }).toBe(100);
  const csv = ['First name,Email,Phone,Email consent,SMS consent', ...Array.from({ length: 6 }, (_, n) => `Guest${n},guest${n}@example.com,+1512555010${n},yes,yes`)].join('\n');
  const imported = await page.request.post(`${ORIGIN}/api/v1/customers/auto/customer-by-csv`, { headers: { ...headers, 'Content-Type': 'text/csv' }, data: csv });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await call('/segments', { segmentation_title: 'All guests', definition: { type: 'group', op: 'and', conditions: [] } });
  const draft = await call('/email/drafts', { prompt: 'We miss you: 2-for-1 tacos this week' });
  await call(`/email/drafts/${draft.id}/complete`, { is_draft: 0, user_title: 'We miss you', version: draft.version, blocks: draft.blocks });
  let chat = await call('/text/chat', { query: 'A thank-you text for coming back, with a free churro next visit', sms_category: 'customer_appreciation', style: 'friendly' });
  if (!chat.campaign_id) chat = await call('/text/chat', { query: 'For all our regulars, this week', conversation_id: chat.conversation_id });
  expect(chat.campaign_id).toBeTruthy();
  await call('/text/campaigns/title', { campaign_id: chat.campaign_id, campaign_title: 'Free churro' });
  return account;
}

test('build a sequence of an email and a text with the plain picker, preview, launch and pause it; then the dashboard', async ({ page }) => {
  // The first step goes out at the next minute's tick: the journey waits for it.
  test.setTimeout(240_000);
  const account = await prepare(page);
  await openSignedIn(page, '/campaigns', account);
  await page.getByRole('link', { name: /Sequences/ }).click();
  await expect(page).toHaveURL(/\/campaigns\/sequences(\?|$)/);
  await expect(page.getByText('No result found')).toBeVisible();
  await page.getByRole('link', { name: 'Add new' }).click();
  await expect(page.getByRole('heading', { name: 'New Sequence' })).toBeVisible();

  // A failed submit says what is missing, in the spec's words.
  await page.getByRole('button', { name: 'Create sequence' }).click();
  await expect(toast(page, 'Please fix the validation errors')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByText('Customer segment is required')).toBeVisible();
  await expect(page.getByText('At least one campaign is required')).toBeVisible();

  await page.getByLabel('Title').fill('Win back regulars');
  await page.getByLabel('Description').fill('An email now, a text two days later');
  await page.getByRole('combobox', { name: 'Customer segment' }).click();
  await page.getByRole('option', { name: 'All guests' }).click();

  // Step 1: the email, as soon as a guest is in the segment.
  await page.getByRole('button', { name: 'Add a campaign' }).click();
  const panel = page.getByTestId('add-step-panel');
  await panel.getByRole('button', { name: 'Add a campaign' }).click();
  await expect(panel.getByText('Campaign type is required')).toBeVisible();
  await panel.getByText('Email', { exact: true }).click();
  await panel.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'We miss you' }).click();
  await expect(panel.getByTestId('schedule-words')).toHaveText('As soon as a customer is in the segment');
  await panel.getByRole('button', { name: 'Add a campaign' }).click();
  await expect(toast(page, 'Campaign added successfully!')).toBeVisible();

  // Step 2: the text, two days after the email, picked in plain words.
  await page.getByRole('button', { name: 'Add a campaign' }).click();
  await panel.getByText('Text (SMS)').click();
  await panel.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'Free churro' }).click();
  await panel.getByRole('combobox', { name: 'When' }).click();
  await page.getByRole('option', { name: 'Some days after the previous step' }).click();
  await panel.getByLabel('Days after the previous step').fill('2');
  await expect(panel.getByTestId('schedule-words')).toHaveText('2 days after the previous step');
  await panel.getByRole('button', { name: 'Add a campaign' }).click();
  await expect(page.getByTestId('sequence-step')).toHaveCount(2);
  await page.screenshot({ path: `${SCREENS}/sequences-new.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create sequence' }).click();
  await expect(toast(page, 'Sequence created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Sequence' })).toBeVisible();
  await expect(page.getByTestId('sequence-status')).toHaveText('Draft');
  await expect(page.getByTestId('step-schedule')).toHaveText(['As soon as a customer is in the segment', '2 days after the previous step']);
  await expect(page.getByRole('textbox', { name: 'Customer segment' })).toBeDisabled();

  // Change step 1 to every Monday at 10 AM: edit mode, save, back to view.
  await page.getByRole('button', { name: 'Change the schedule of step 1' }).click();
  await page.getByRole('combobox', { name: 'When' }).click();
  await page.getByRole('option', { name: 'Every week on…' }).click();
  await expect(page.getByTestId('schedule-words')).toHaveText('Every Monday at 10 AM (New York time)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Item updated successfully!')).toBeVisible();
  await expect(page.getByTestId('step-schedule').first()).toHaveText('Every Monday at 10 AM');
  // Back to as soon as they qualify.
  await page.getByRole('button', { name: 'Change the schedule of step 1' }).click();
  await page.getByRole('combobox', { name: 'When' }).click();
  await page.getByRole('option', { name: 'As soon as they qualify' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('step-schedule').first()).toHaveText('As soon as a customer is in the segment');

  // Preview, then launch from it.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('sequence-preview');
  await expect(preview.getByTestId('preview-reach').first()).toHaveText(/^Would reach [1-9]\d* guests now$/, { timeout: 20_000 });
  await expect(preview).toContainText('2 days after the previous step');
  await page.screenshot({ path: `${SCREENS}/sequences-preview.png` });
  await preview.getByRole('button', { name: 'Launch' }).click();
  await expect(toast(page, 'Sequence status updated successfully')).toBeVisible();
  await expect(page.getByTestId('sequence-status')).toHaveText('Active');

  // The first step goes out by itself within the minute.
  await expect(page.getByTestId('sequence-step').first()).toContainText('0 got it');
  await expect.poll(async () => {
    await page.reload();
    return (await page.getByTestId('sequence-step').first().textContent()) ?? '';
  }, { timeout: 100_000, intervals: [5000] }).toMatch(/[1-9]\d* got it/);
  expect(sink.countFor('guest0@example.com')).toBe(1);
  await page.screenshot({ path: `${SCREENS}/sequences-active.png`, fullPage: true });
  // Its results, from the dashboard's analytics: each step in the window, and who came back.
  const results = page.getByTestId('sequence-results');
  await expect(results.getByRole('row').nth(1)).toContainText(/1\. Email: We miss you\s*[1-9]\d*/);
  await results.getByText('This week', { exact: true }).click();
  await expect(results.getByTestId('came-back')).toContainText(/guests? it reached/);
  await results.screenshot({ path: `${SCREENS}/sequences-results.png` });

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'Sequence status updated successfully')).toBeVisible();
  await expect(page.getByTestId('sequence-status')).toHaveText('Paused');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();

  // The list: filters and search.
  await page.getByRole('link', { name: 'Back to sequences' }).click();
  await expect(page.getByTestId('sequence-row')).toHaveCount(1);
  await page.getByText('Active', { exact: true }).click();
  await expect(page.getByText('No result found')).toBeVisible();
  await page.getByText('Paused', { exact: true }).click();
  await expect(page.getByTestId('sequence-row')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Search by name' }).fill('nothing like it');
  await expect(page.getByText('No result found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search by name' }).fill('win back');
  await expect(page.getByTestId('sequence-row')).toContainText('Win back regulars');
  await page.screenshot({ path: `${SCREENS}/sequences-list.png`, fullPage: true });

  // The dashboard: the week's emails went out; tabs for text and video.
  await page.goto('/dashboard');
  await expect(page.getByText("Here's a snapshot of your week.")).toBeVisible();
  await expect(page.getByTestId('week-headline')).toContainText(/Your campaigns this week (reached|brought back)/);
  await page.getByRole('button', { name: 'How is this counted?' }).click();
  await expect(page.getByTestId('how-counted')).toBeVisible();
  await expect(page.getByTestId('email-figures')).toContainText('Emails sent');
  await expect(page.getByTestId('email-figures')).not.toContainText(/Emails sent\s*0/);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/dashboard-email.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Text' }).click();
  await expect(page.getByTestId('text-figures')).toContainText('Delivery rate');
  await page.getByRole('tab', { name: 'Video campaigns' }).click();
  await expect(page.getByTestId('video-figures')).toContainText('No videos found');
  await page.screenshot({ path: `${SCREENS}/dashboard-video.png`, fullPage: true });

  // Home shows the week's headline above the customer figures.
  await page.goto('/');
  await expect(page.getByTestId('week-headline')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/home-headline.png`, fullPage: true });
});
