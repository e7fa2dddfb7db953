import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// Segments on a phone: ask in words, check what was understood, adjust, save, then page through the customers.

const SCREENS = 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/segments-${name}.png`, fullPage: false });
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** 45 regulars (5–14 visits, last seen 40 days ago) and 5 newcomers, imported as the owner would: a CSV. */
function customersCsv(): string {
  const rows = ['First name,Last name,Email,Phone,Visits,Total spent,Last visit,Email consent'];
  for (let i = 0; i < 45; i++) {
    const visits = 5 + (i % 10);
    rows.push(`Regular${String(i).padStart(2, '0')},Diner,regular${i}@cafe.test,,${visits},${visits * (20 + i)},${isoDaysAgo(40)},${i % 2 ? 'yes' : 'no'}`);
  }
  for (let i = 0; i < 5; i++) rows.push(`Newcomer${i},Guest,new${i}@cafe.test,,1,12.50,${isoDaysAgo(2)},yes`);
  return `${rows.join('\n')}\n`;
}

test('create a segment by query, adjust it, save it and page through its customers', async ({ page }) => {
  fs.mkdirSync(SCREENS, { recursive: true });
  const account = await signUpAndVerify(page);
  const signin = await page.request.post('/api/v1/auth/signin', { data: { email: account.email, password: account.password, userType: 'regular' } });
  const { token } = (await signin.json()) as { token: string };
  const imported = await page.request.post('/api/v1/customers/auto/customer-by-csv', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    data: customersCsv(),
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();

  await openSignedIn(page, '/customers/segments/new', account);
  await shot(page, '1-chat-empty');

  // Words in: the assistant answers with what it understood, the live count and five customers.
  const composer = page.getByLabel('Describe a segment');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await composer.fill("regulars who haven't been in for a month");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('owner-message')).toHaveText("regulars who haven't been in for a month");
  const conditions = page.getByTestId('segment-condition');
  await expect(conditions).toHaveText(['At least 5 visits in total', 'Last visit more than 30 days ago']);
  await expect(page.getByTestId('segment-count')).toHaveText('45');
  await expect(page.getByTestId('segment-sample').getByText(/^Regular\d\d Diner$/)).toHaveCount(5);
  await shot(page, '2-understood');

  // Adjust a number: at least 10 visits.
  await page.getByRole('button', { name: 'Adjust: At least 5 visits in total' }).click();
  await page.getByRole('textbox', { name: 'Visits' }).fill('10');
  await expect(conditions.first()).toHaveText('At least 10 visits in total');
  await expect(page.getByTestId('segment-count')).toHaveText('20');
  await shot(page, '3-adjusted');

  // Remove a condition: the count follows.
  await page.getByRole('button', { name: 'Remove: Last visit more than 30 days ago' }).click();
  await expect(conditions).toHaveText(['At least 10 visits in total']);
  await expect(page.getByTestId('segment-count')).toHaveText('20');
  // Its editor is still open.
  await page.getByRole('textbox', { name: 'Visits' }).fill('1');
  await expect(page.getByTestId('segment-count')).toHaveText('50');
  await page.getByRole('textbox', { name: 'Visits' }).fill('5');
  await expect(page.getByTestId('segment-count')).toHaveText('45');

  await page.getByLabel('Segment name').fill('Regulars we miss');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(toast(page, 'Generated Successfully!!')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/segments\/[0-9a-f-]{36}$/);

  // Its customers, twenty at a time, biggest spenders first.
  await expect(page.getByRole('heading', { name: 'Regulars we miss' })).toBeVisible();
  await expect(page.getByText('At least 5 visits in total')).toBeVisible();
  // Segments live in More: the bottom bar marks More, not Customers as well.
  const bottomBar = page.getByRole('contentinfo').getByRole('navigation', { name: 'Main' });
  await expect(bottomBar.getByRole('button', { name: 'More' })).toHaveAttribute('data-active', 'true');
  await expect(bottomBar.getByRole('link', { name: 'Customers' })).not.toHaveAttribute('aria-current');
  await expect(bottomBar.getByRole('link', { name: 'Customers' })).not.toHaveAttribute('data-active');
  const rows = page.getByTestId('segment-customer');
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('segment-customer-count')).toHaveText('45 customers · showing 20');
  await expect(rows.first()).toContainText('Regular39 Diner');
  await shot(page, '4-customers');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(40);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(45);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // On a wide screen the same customers are a table with the spec's columns.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Phone', 'Total Spent', 'Total visits', 'AOV', '']);
  await shot(page, '4b-customers-table');
  await page.setViewportSize({ width: 412, height: 839 });

  // Edit and delete from the segment's table (the customers API does the work; the segment follows).
  await page.getByRole('button', { name: 'Edit Regular39 Diner' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Regular39');
  await page.getByLabel('First name').fill('Rosalind');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Customer updated')).toBeVisible();
  await expect(rows.first()).toContainText('Rosalind Diner');
  await page.getByRole('button', { name: 'Delete Rosalind Diner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Customer deleted')).toBeVisible();
  await expect(page.getByTestId('segment-customer-count')).toHaveText(/^44 customers/);
  await expect(page.getByText('Rosalind Diner')).toHaveCount(0);

  // A query it cannot read: the chat says so in the spec's words.
  await page.goto('/customers/segments/new');
  await page.getByLabel('Describe a segment').fill('customers who like pizza');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('assistant-message').filter({ hasText: 'Segment generation failed. Try refining the query.' })).toBeVisible();
  await expect(toast(page, 'Error generating segments.Please refine the query.')).toBeVisible();
  await shot(page, '5-failed');

  // The list: rename, then delete with a confirmation.
  await page.goto('/customers/segments');
  const card = page.getByTestId('segment-card').filter({ hasText: 'Regulars we miss' });
  await expect(card).toBeVisible();
  await shot(page, '6-list');
  await card.getByRole('button', { name: 'More actions for Regulars we miss' }).click();
  await page.getByRole('menuitem', { name: 'Edit title' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Regulars to win back');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = page.getByTestId('segment-card').filter({ hasText: 'Regulars to win back' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'More actions for Regulars to win back' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Segmentation deleted successfully')).toBeVisible();
  await expect(page.getByTestId('segment-card')).toHaveCount(0);
  await expect(page.getByText('No result found')).toBeVisible();
});
