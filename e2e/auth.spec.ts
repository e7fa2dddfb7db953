import { expect, openAccountMenu, readCodeFromOutbox, signUpAndVerify, test, uniqueEmail, toast } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Accounts on a phone: sign-up and onboarding, sign-in and out, the code screen, forgot/reset, redirects.

const digit = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A real paste event, as when the owner copies the code out of the mail app. */
async function pasteCode(page: Page, code: string) {
  await digit(page, 1).focus();
  await digit(page, 1).evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

test('sign up, verify with the mailed code, skip plans to brand, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'espresso-42';
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Rosa Martinez');
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  const mailedAfter = Date.now() - 1000;
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-account$/);
  // The address was normalised before it was sent, and is remembered for the code screen.
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend Code in \d+s$/ })).toBeDisabled();

  const code = await readCodeFromOutbox(email, mailedAfter);
  // Extra characters beyond six are dropped; a complete code submits itself.
  await pasteCode(page, `${code}9`);
  await expect(digit(page, 6)).toHaveValue(code[5]!);
  await expect(toast(page, 'Account verified')).toBeVisible();
  await expect(page).toHaveURL(/\/subscriptions$/);

  await page.getByRole('link', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/brand$/);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mise.session'))).toBeNull();

  // The button waits for both fields.
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, 'Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Rosa$/);
});

test('every sign-up problem shows at once, beside its own field', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email address is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password is required/);

  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('shorter');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email address is required');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters/);
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('Passwords must match');
  await expect(page).toHaveURL(/\/signup$/);

  // Nothing was sent: the terms and privacy pages are real pages one tap away.
  await page.getByRole('link', { name: 'privacy policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'terms of use' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
});

test('signing in before verifying goes to the code screen with a fresh code', async ({ page }) => {
  const email = uniqueEmail('unverified');
  const password = 'flat-white-7';
  // Signing in mails a fresh code unless one went out in the last minute (this one, from sign-up).
  const mailedAfter = Date.now() - 1000;
  const signup = await page.request.post('/api/v1/auth/signup', { data: { name: 'Ana Lopez', email, password, userType: 'regular' } });
  expect(signup.ok()).toBeTruthy();

  await page.goto('/signin');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/verify-account$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  const code = await readCodeFromOutbox(email, mailedAfter);
  await expect(digit(page, 1)).toBeFocused();
  await page.keyboard.type(code.slice(0, 2));
  await expect(digit(page, 3)).toBeFocused();
  // Backspace on an empty box steps back to the one before.
  await page.keyboard.press('Backspace');
  await expect(digit(page, 2)).toBeFocused();
  await expect(digit(page, 2)).toHaveValue(code[1]!);
  await page.keyboard.press('Backspace');
  await expect(digit(page, 2)).toHaveValue('');
  await digit(page, 2).focus();
  await page.keyboard.type(code.slice(1));
  await expect(toast(page, 'Account verified')).toBeVisible();

  // Verified but not signed in yet: the plans screen asks for a sign-in and comes back.
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fsubscriptions$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/subscriptions$/);
});

test('a wrong code is refused and an empty one is explained', async ({ page }) => {
  const email = uniqueEmail('wrongcode');
  const started = Date.now() - 1000;
  await page.request.post('/api/v1/auth/signup', { data: { name: 'Kim Park', email, password: 'matcha-latte', userType: 'regular' } });
  await page.goto('/signin');
  await signIn(page, email, 'matcha-latte');
  await expect(page).toHaveURL(/\/verify-account$/);
  const code = await readCodeFromOutbox(email, started);

  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByText('Please input an otp')).toBeVisible();

  const wrong = code === '000000' ? '111111' : '000000';
  await digit(page, 1).focus();
  await page.keyboard.type(wrong);
  await expect(toast(page, /That code is not right/)).toBeVisible();
  await expect(page).toHaveURL(/\/verify-account$/);
  // The boxes empty out for the next try.
  await expect(digit(page, 1)).toHaveValue('');
});

test('forgot password, reset with the mailed code, then sign in with the new password', async ({ page }) => {
  const { email, password } = await signUpAndVerify(page, { name: 'Sam Lee' });
  const newPassword = 'cold-brew-2025';

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send reset code' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  // Not a second earlier: the verification mail from sign-up went to the same address.
  const mailedAfter = Date.now();
  await send.click();
  await expect(toast(page, 'OTP sent')).toBeVisible();
  await expect(page).toHaveURL(/\/password-reset$/);

  const reset = page.getByRole('button', { name: 'Reset password' });
  const code = await readCodeFromOutbox(email, mailedAfter);
  await pasteCode(page, code);
  await expect(reset).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Please set new password/);

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}!`);
  await reset.click();
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription('Passwords must match');

  await page.getByLabel('Confirm new password').fill(newPassword);
  await reset.click();
  await expect(toast(page, 'Password has been reset successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, email, password);
  await expect(toast(page, 'Incorrect email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out deep link goes to sign-in and comes back after it; foreign redirects are ignored', async ({ page }) => {
  const { email, password } = await signUpAndVerify(page, { name: 'Jo Baker' });
  await page.goto('/settings/notifications');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fsettings%2Fnotifications$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.goto('/signin?redirect=//evil.example/steal');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
});

test('Google and Apple say so when this server has them not set up', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription('Google sign-in is not set up on this server');
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toHaveAccessibleDescription('Apple sign-in is not set up on this server');
});

test('Resend Code waits for its countdown, then passes on what the server says', async ({ page }) => {
  const email = uniqueEmail('resend');
  await page.clock.install();
  await page.request.post('/api/v1/auth/signup', { data: { name: 'Pat Quinn', email, password: 'macchiato-3', userType: 'regular' } });
  await page.goto('/signin');
  await signIn(page, email, 'macchiato-3');
  await expect(page).toHaveURL(/\/verify-account$/);

  const resend = page.getByRole('button', { name: /^Resend Code/ });
  await expect(resend).toHaveText('Resend Code in 60s');
  await expect(resend).toBeDisabled();
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText(/^Resend Code in (30|29)s$/);
  await page.clock.fastForward(31_000);
  await expect(resend).toHaveText('Resend Code');
  await expect(resend).toBeEnabled();

  // The server's own cooldown (real time) has not passed since sign-up mailed the first code.
  await resend.click();
  await expect(toast(page, /Error sending OTP: Please wait \d+ seconds before asking for a new code\./)).toBeVisible();
});

test('the code screen says so when it does not know which email to check', async ({ page }) => {
  await page.goto('/verify-account');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await digit(page, 1).focus();
  await page.keyboard.type('123456');
  await expect(toast(page, 'There is no email found')).toBeVisible();
});

test('the sign-in screen is painted from HTML before the JavaScript, and what was typed into it is kept', async ({ page }) => {
  const { email, password } = await signUpAndVerify(page, { name: 'Ines Duarte' });
  // The entry script waits until the fields are filled: the screen on view is index.html's own.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/signin');
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', '');
  await expect(page.locator('#root [data-prerender]').first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  release();
  // React's first render has replaced the HTML screen (the loader's inline script ran under the server's CSP).
  await expect(page.locator('#root [data-prerender]')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
  // Signed in, the HTML sign-in screen is never shown, not even on /signin.
  await page.goto('/signin');
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', '');
});
