import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { pruneRateLimits } from '../../lib/rate-limit.ts';
import { pruneSigninThrottle } from './signin-throttle.ts';

const AUTH_CLEANUP_JOB = 'auth.cleanup';
const EVERY_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Drops what can no longer matter: ended sessions, used or expired codes, old cooldowns and rate-limit windows. */
export async function pruneAccountsData(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await deps.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  // Kept a day after they stop working, so a support question about "my code" can still be looked at.
  await deps.db.deleteFrom('otp_codes').where('expires_at', '<', dayAgo).execute();
  await deps.db.deleteFrom('otp_cooldowns').where('last_sent_at', '<', dayAgo).execute();
  await pruneRateLimits(deps);
  await pruneSigninThrottle(deps);
}

/** Hourly, one run across all processes (singleton key), like the media retention job. */
export function registerAuthJobs(jobs: Jobs, deps: Pick<Deps, 'db' | 'now' | 'logger'>): () => void {
  jobs.work(AUTH_CLEANUP_JOB, () => pruneAccountsData(deps));
  const ask = () =>
    void jobs.enqueue(AUTH_CLEANUP_JOB, {}, { singletonKey: 'auth-cleanup' }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue auth cleanup'));
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
