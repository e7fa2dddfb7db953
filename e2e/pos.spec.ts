import { E2E_SQUARE_PORT } from '../playwright.config.ts';
import { startFakeSquare, type FakeSquare } from '../tests/fakes/square.ts';
import { expect, signUpAndVerify, test, openSignedIn, toast } from './fixtures.ts';

// Connecting Square on a phone, against the local fake Square the e2e server is pointed at (playwright.config.ts).

let fake: FakeSquare;
test.beforeAll(async () => {
  // Each data call takes a moment, so the import's progress can be watched.
  fake = await startFakeSquare({ port: E2E_SQUARE_PORT, customers: 300, ordersPerCustomer: 3, latencyMs: 300 });
});
test.afterAll(() => fake.close());

test('connect Square: redirect, progress bar to Connected, customers imported, then disconnect', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/pos', account);
  await expect(page.getByRole('heading', { name: 'Select Your POS System' })).toBeVisible();
  const square = page.getByTestId('pos-card-square');
  const clover = page.getByTestId('pos-card-clover');
  await expect(square.getByTestId('pos-status-square')).toHaveText('Not connected');
  // Clover has no credentials on this server: its card says so and points to CSV import.
  await expect(clover).toContainText("Clover isn't available on this Mise yet: import a CSV export of your customers instead.");
  await expect(clover).not.toContainText('CLOVER_CLIENT_ID');
  await expect(clover.getByRole('link', { name: 'Import a CSV' })).toBeVisible();
  await expect(clover.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled();

  // The call for Square's address is held a second: the loading toast shows while the app waits to leave.
  await page.route('**/api/v1/square/authorize', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await square.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(toast(page, 'redirecting')).toBeVisible();
  // Square's permission page (the fake approves at once) → /square_callback → back here.
  await expect(toast(page, 'Square connected. Importing your customers and orders.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/pos$/);
  await expect(square.getByTestId('pos-status-square')).toHaveText('Connecting...');
  await expect(square.getByText(/Data Imported: \d+%/)).toBeVisible();
  await expect(square.getByTestId('pos-account-square')).toHaveText(fake.merchantId);
  await expect(square.getByTestId('pos-status-square')).toHaveText('Connected', { timeout: 45_000 });
  await expect(square.getByText(/Last imported/)).toBeVisible();

  await page.goto('/customers');
  await expect(page.getByTestId('customer-count')).toHaveText('300 customers');

  await page.goto('/settings/pos');
  await square.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'disconnected from square...')).toBeVisible();
  await expect(square.getByTestId('pos-status-square')).toHaveText('Not connected');
  expect(fake.grants.at(-1)?.revoked).toBe(true);
});

test('the onboarding variant has Skip to /brand, and cards collapse', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/pos?sub=true', account);
  const square = page.getByTestId('pos-card-square');
  await square.getByRole('button', { name: /Square/ }).click();
  await expect(square.getByRole('button', { name: 'Connect', exact: true })).toBeHidden();
  await square.getByRole('button', { name: /Square/ }).click();
  await expect(square.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/brand$/);
});

test('a forged Square callback shows the error and returns to the POS screen', async ({ page }) => {
  const account = await signUpAndVerify(page);
  await openSignedIn(page, '/settings/pos', account);
  await page.goto('/square_callback?code=made-up&response_type=code&state=forged');
  await expect(toast(page, 'This Square sign-in could not be verified. Please press Connect again.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/pos$/);
  await expect(page.getByTestId('pos-status-square')).toHaveText('Not connected');
});
