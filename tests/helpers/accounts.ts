import { call, type TestApp } from './test-app.ts';

export type TestAccount = { userId: string; token: string; name: string; email: string; password: string };

let counter = 0;
export const testEmail = (prefix = 'owner') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@cafe.test`;

/** Signs up through the API; the account is not verified yet (the token only reaches /users/me and sign-out). */
export async function signUp(t: TestApp, options: { name?: string; email?: string; password?: string } = {}): Promise<TestAccount> {
  const name = options.name ?? 'Rosa Martinez';
  const email = options.email ?? testEmail();
  const password = options.password ?? 'correct-horse-9';
  const res = await call(t.app, 'POST', '/api/v1/auth/signup', { name, email, password, userType: 'regular' });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { userId: res.body.userId, token: res.body.token, name, email, password };
}

/** Signs up and enters the mailed code, as a new owner does; the sign-up token then works everywhere. */
export async function signUpVerified(t: TestApp, options: { name?: string; email?: string; password?: string } = {}): Promise<TestAccount> {
  const account = await signUp(t, options);
  const res = await call(t.app, 'POST', '/api/v1/auth/verify-account', {
    otp: t.mailer.lastCodeFor(account.email),
    email: account.email,
    userType: 'regular',
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}
