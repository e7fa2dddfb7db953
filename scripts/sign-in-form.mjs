// The benches' sign-in: through the app's own sign-in screen, as an owner would, until the home's address.

/**
 * Signs in on `page` with the form at `${base}/signin` (`base` '' when the context has a baseURL) and waits until the
 * app has moved to `${origin}/`.
 */
export async function signInWithForm(page, { base = '', origin, email, password }) {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${origin}/`);
}
