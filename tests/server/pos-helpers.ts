import { createJobs, type Jobs } from '../../server/jobs/jobs.ts';
import { POS_IMPORT_JOB, runPosImport } from '../../server/features/pos/pos-import.ts';
import type { FakeClover } from '../fakes/clover.ts';
import type { FakeSquare } from '../fakes/square.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { call, type TestApp } from '../helpers/test-app.ts';

const POS_KEY = Buffer.alloc(32, 7).toString('base64');

export const squareEnv = (fake: FakeSquare) => ({ SQUARE_CLIENT_ID: 'sq0idp-fake', SQUARE_CLIENT_SECRET: 'sq0csp-fake-secret', SQUARE_BASE_URL: fake.url, DATA_ENCRYPTION_KEY: POS_KEY });
export const cloverEnv = (fake: FakeClover) => ({
  CLOVER_CLIENT_ID: 'CLOVERAPPFAKE',
  CLOVER_CLIENT_SECRET: 'clover-fake-secret',
  CLOVER_AUTH_BASE_URL: fake.url,
  CLOVER_API_BASE_URL: fake.url,
  DATA_ENCRYPTION_KEY: POS_KEY,
});

/** Follows the provider's authorize address as a browser would, returning where the provider sends it back. */
export async function approveAt(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`authorize did not redirect: ${response.status}`);
  return location;
}

export async function connect(t: TestApp, account: TestAccount, provider: 'square' | 'clover') {
  const login = await call(t.app, 'GET', provider === 'square' ? '/api/v1/square/authorize' : '/api/v1/clover/get-login-url', undefined, account.token);
  if (login.status !== 200) throw new Error(`login url: ${login.status} ${JSON.stringify(login.body)}`);
  const redirectUrl = await approveAt(login.body.data);
  return call(t.app, 'POST', `/api/v1/${provider}/connect`, { redirect_url: redirectUrl }, account.token);
}

export function posJobs(t: TestApp): Jobs {
  const jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now, pollMs: 10, leaseMs: 5000 });
  // The import only: the hourly token refresh is tested on its own.
  jobs.work<{ connectionId: string }>(POS_IMPORT_JOB, (job) => runPosImport(t.deps, job));
  return jobs;
}

export const connectionOf = (t: TestApp, userId: string) => t.deps.db.selectFrom('pos_connections').selectAll().where('user_id', '=', userId).executeTakeFirst();
