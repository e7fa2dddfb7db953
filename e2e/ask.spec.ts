import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { launchPhone, ownServer, waitForServiceWorker, type OwnServer } from './offline-server.ts';

// Ask on a phone over the demo café (npm run demo): a starter card → a bar chart with its takeaway, a follow-up
// that changes the period, text mode, reopening from history, and a question asked offline answered once.

test.describe.configure({ mode: 'serial' });

const DEMO_PASSWORD = 'demo-ask-journey-1';
let server: OwnServer;
let context: BrowserContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = ownServer('ask');
  // The demo account, seeded exactly as a newcomer does it, into this server's own database.
  const seeded = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '..', 'scripts', 'demo.mjs')], {
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(new URL(server.origin).port), DEMO_PASSWORD, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  await server.start();
});
test.afterAll(async () => {
  await context?.close();
  await server.dispose();
});

async function signInAsDemo(page: Page) {
  await page.goto('/ask-mise');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await page.getByLabel('Email').fill('demo@mise.local');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/ask-mise/);
}

const graphs = (page: Page) => page.getByTestId('ask-graph');

test('starter card → chart, follow-up, text mode, history, and a question asked offline answered once', async () => {
  test.setTimeout(120_000);
  const phone = await launchPhone(server.origin, 'ask');
  context = phone.context;
  const { page } = phone;
  await signInAsDemo(page);
  await waitForServiceWorker(page);

  // Ask is in the bottom bar; the empty state greets the owner by name.
  await expect(page.getByRole('link', { name: 'Ask' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Hi Demo, what would you like to know\?/ })).toBeVisible();
  await expect(page.getByText('Start chatting to start the conversation')).toBeVisible();

  // Graph mode: a starter card draws a bar chart with its one-line takeaway, at its own URL.
  await page.getByText('Graph', { exact: true }).click();
  await expect(page).toHaveURL(/mode=graph/);
  await page.getByTestId('ask-starter').filter({ hasText: 'Which day of the week is busiest?' }).click();
  await expect(page).toHaveURL(/graph=[0-9a-f-]{36}/);
  const first = graphs(page).first();
  await expect(first).toHaveAttribute('data-graph-type', 'bar');
  await expect(first.getByTestId('ask-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(first.getByTestId('ask-takeaway')).toContainText(/was your (slowest|busiest) day|were your slowest day/);
  // The numbers as a table.
  await first.getByRole('button', { name: 'See the numbers' }).click();
  await expect(first.getByRole('table')).toContainText('Mon');

  // A follow-up changes the period of the chart before it.
  const firstUrl = page.url();
  await page.getByRole('textbox', { name: 'Ask for a chart' }).fill('and last month?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(graphs(page)).toHaveCount(2);
  await expect(graphs(page).nth(1)).toContainText('Average sales by weekday, last month');

  // Text mode: words, with the chart on request.
  await page.getByText('Text', { exact: true }).click();
  await expect(page).toHaveURL(/mode=text/);
  await page.getByTestId('ask-starter').filter({ hasText: 'Who are my top customers?' }).click();
  await expect(page).toHaveURL(/conversation=[0-9a-f-]{36}/);
  await expect(page.getByTestId('ask-response').first()).toContainText('Your top customer is');
  await page.getByRole('button', { name: 'Show the chart' }).click();
  await expect(page.getByTestId('ask-chart').first()).toBeVisible();
  const conversationUrl = page.url();
  const conversationId = new URL(conversationUrl).searchParams.get('conversation')!;

  // Reopen it from the history sheet after starting a new chat.
  await page.getByRole('button', { name: 'History' }).click();
  const sheet = page.getByRole('dialog', { name: 'Conversations' });
  await expect(sheet.getByText('Today')).toBeVisible();
  await sheet.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByText('Start chatting to start the conversation')).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('dialog', { name: 'Conversations' }).getByRole('button', { name: 'Who are my top customers?', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`conversation=${conversationId}`));
  await expect(page.getByTestId('ask-response')).toHaveCount(1);

  // Offline: the question waits in the thread, and is answered once the connection is back.
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Ask a question' }).fill('How did sales go this month?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('ask-waiting')).toBeVisible();
  await expect(page.getByTestId('owner-message').filter({ hasText: 'How did sales go this month?' })).toHaveCount(1);
  await context.setOffline(false);
  await expect(page.getByTestId('ask-response')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('ask-waiting')).toHaveCount(0);
  await expect(page.getByTestId('owner-message').filter({ hasText: 'How did sales go this month?' })).toHaveCount(1);

  // The server has it once.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('mise.session') ?? '{}').token as string);
  const stored = await page.request.get(`${server.origin}/api/v1/ask/conversations/${conversationId}`, { headers: { Authorization: `Bearer ${token}` } });
  const messages = ((await stored.json()) as { messages: Array<{ text: string }> }).messages;
  expect(messages.filter((m) => m.text === 'How did sales go this month?')).toHaveLength(1);
  await page.screenshot({ path: path.join('test-results', 'ask-phone.png') });

  // The conversation is kept on the phone: it opens offline after a reload, with its chart.
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('mise');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const value = await new Promise<unknown>((resolve) => {
          const get = db.transaction('kv').objectStore('kv').get('query-cache');
          get.onsuccess = () => resolve(get.result);
        });
        db.close();
        return typeof value === 'string' && value.includes(id) && value.includes('How did sales go this month?');
      }, conversationId),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('ask-response')).toHaveCount(2);
  await page.getByRole('button', { name: 'Show the chart' }).first().click();
  await expect(page.getByTestId('ask-chart').first()).toBeVisible();
  await context.setOffline(false);

  // "Make a segment of these …" opens the segment chat with those words, already asked.
  const offer = page.getByRole('link', { name: /^Make a segment of the 10 customers/ }).first();
  await offer.click();
  await expect(page).toHaveURL(/\/customers\/segments\/new\?q=/);
  await expect(page.getByTestId('owner-message').first()).toContainText(/spent at least \$/);
  await expect(page.getByText(/customers? match/).first()).toBeVisible();
  await expect(page.getByText('Segment generation failed. Try refining the query.')).toHaveCount(0);

  // Campaign results: "did the brunch email work?" answers from the demo's sent email, with its chart.
  await page.goto('/ask-mise?mode=graph');
  await page.getByRole('textbox', { name: 'Ask for a chart' }).fill('Did the weekend brunch email work?');
  await page.getByRole('button', { name: 'Send' }).click();
  const campaign = graphs(page).last();
  await expect(campaign).toHaveAttribute('data-graph-type', 'bar');
  await expect(campaign.getByTestId('ask-takeaway')).toContainText(/^“Demo: Weekend brunch” \(email\): [\d,]+ guests? of the [\d,]+ it reached came back within 14 days and spent \$/);
  await page.screenshot({ path: path.join('test-results', 'ask-phone-campaign.png') });

  // A question the server refuses without a reason of its own: the spec's failure toast.
  await context.route('**/api/v1/ask/graphs', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'text/plain', body: 'Bad Request' }) : route.fallback()));
  await page.getByRole('textbox', { name: 'Ask for a chart' }).fill('and last month?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Error: something went wrong').first()).toBeVisible();
  await context.unroute('**/api/v1/ask/graphs');
});
