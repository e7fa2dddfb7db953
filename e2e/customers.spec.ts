import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// Customers on a phone: CSV import with a mapping preview and a result summary, the list, one customer.

const SQUARE_EXPORT = [
  'First Name,Last Name,Email Address,Phone Number,Birthday,Favourite drink,Email Subscription Status,Transaction Count,Total Spend',
  'Maya,Okafor,maya@example.com,(415) 555-0134,0000-03-14,Oat flat white,subscribed,12,$143.50',
  'Tom,Reyes,tom@example,415-555-0199,,Espresso,unsubscribed,2,$9.00',
  ...Array.from({ length: 40 }, (_, i) => `Guest${String(i).padStart(2, '0')},Lane,guest${i}@example.com,,,Latte,,1,$5.00`),
].join('\n');

test('import a CSV: detected columns, one mapping changed, then the result summary', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/customers/import', account);
  await page.locator('input[type=file]').setInputFiles({ name: 'square-customers.csv', mimeType: 'text/csv', buffer: Buffer.from(SQUARE_EXPORT) });
  await expect(page.getByTestId('detected-format')).toHaveText('Detected: Square export · 9 columns');
  await expect(page.getByRole('combobox', { name: 'Field for Email Address' })).toHaveValue('Email');
  // "Favourite drink" is not a known column: the owner keeps it as notes.
  await expect(page.getByRole('combobox', { name: 'Field for Favourite drink' })).toHaveValue('Don’t import');
  await page.getByRole('combobox', { name: 'Field for Favourite drink' }).click();
  await page.getByRole('option', { name: 'Notes' }).click();
  await page.getByRole('button', { name: 'Import customers' }).click();

  const result = page.getByTestId('import-result');
  await expect(result).toContainText('42 rows read');
  await expect(result.getByText('Imported', { exact: true }).locator('..')).toContainText('41');
  await expect(result.getByText('Skipped', { exact: true }).locator('..')).toContainText('1');
  await expect(result.getByRole('row', { name: /3 Email "tom@example" is not a valid email address/ })).toBeVisible();

  // The same file again updates instead of duplicating.
  await result.getByRole('button', { name: 'Another file' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'square-customers.csv', mimeType: 'text/csv', buffer: Buffer.from(SQUARE_EXPORT) });
  await page.getByRole('button', { name: 'Import customers' }).click();
  await expect(result.getByText('Updated', { exact: true }).locator('..')).toContainText('41');
  await expect(result.getByText('Imported', { exact: true }).locator('..')).toContainText('0');

  await result.getByRole('link', { name: 'See customers' }).click();
  await expect(page.getByTestId('customer-count')).toHaveText('41 customers');
});

test('customers list: search, scroll for more, open a customer, record consent, add one', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/customers/import', account);
  await page.locator('input[type=file]').setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from(SQUARE_EXPORT) });
  await page.getByRole('button', { name: 'Import customers' }).click();
  await expect(page.getByTestId('import-result')).toBeVisible();

  // Home shows the same figures above its shortcuts.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Customer figures' }).getByTestId('customer-metric')).toContainText(['0', '41', '0', '1']);

  await page.goto('/customers');
  await expect(page.getByTestId('customer-count')).toHaveText('41 customers');
  // The figures at a glance: all 41 joined today with no visits yet; only Maya said yes to email.
  const figures = page.getByRole('region', { name: 'Customer figures' }).getByTestId('customer-metric');
  await expect(figures).toHaveText([/^0\s*Came in, last 30 days$/, /^41\s*New this month$/, /^0\s*Not seen in 90\+ days$/, /^1\s*Can be emailed$/]);
  await expect(page.getByTestId('customer-row')).toHaveCount(25);
  // Infinite scroll on the phone: reaching the end of the list loads the next page.
  await page.getByTestId('customer-row').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('customer-row')).toHaveCount(41);

  await page.getByLabel('Search customers').fill('okaf');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(figures).toHaveCount(0); // searching: just the matches
  await expect(page).toHaveURL(/search=okaf/);
  await page.getByTestId('customer-row').click();
  await expect(page.getByTestId('customer-name')).toHaveText('Maya Okafor');
  await expect(page.getByText('$143.50')).toBeVisible();
  await expect(page.getByText('March 14')).toBeVisible();
  await expect(page.getByText(/Agreed .* csv import/)).toBeVisible();

  const sms = page.getByRole('switch', { name: 'Marketing texts (SMS)' });
  await expect(sms).not.toBeChecked();
  await sms.click({ force: true });
  await page.getByRole('button', { name: 'Record consent' }).click();
  await expect(toast(page, 'Marketing texts (SMS): consent recorded')).toBeVisible();
  await expect(sms).toBeChecked();
  await expect(page.getByText(/Agreed .* In person at the counter/)).toBeVisible();

  await page.getByRole('link', { name: '← All customers' }).click();
  await page.getByRole('link', { name: 'Add customer' }).click();
  await page.getByLabel('First name').fill('Lee');
  // Maya's address: the server's refusal lands under the Email field, in words, with no field name.
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('maya@example.com');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(email).toHaveAccessibleDescription(/Another customer already has this email/);
  await expect(toast(page, 'Another customer already has this email')).toBeVisible();
  await email.fill('');
  await page.getByLabel('Phone').fill('212 555 0188');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(page, 'Customer added')).toBeVisible();
  await expect(page.getByTestId('customer-name')).toHaveText('Lee');
  // Stored as +12125550188, shown the way people write it.
  await expect(page.getByText('(212) 555-0188')).toBeVisible();
});
