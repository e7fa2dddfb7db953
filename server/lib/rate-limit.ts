import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { AppError } from './app-error.ts';

/**
 * Fixed-window counter in Postgres (shared by every server process).
 * Throws 429 with Retry-After once `limit` hits within `windowSeconds` for `key`.
 */
export async function enforceRateLimit(deps: Pick<Deps, 'db' | 'env' | 'now'>, key: string, limit: number, windowSeconds: number) {
  if (!deps.env.rateLimitEnabled) return;
  const now = deps.now().getTime();
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const row = await deps.db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new AppError(429, `Too many attempts. Try again in ${retryAfter} seconds.`, 'rate_limited', {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}

/** Old windows are useless after they end; dropped opportunistically so the table stays small. */
export async function pruneRateLimits(deps: Pick<Deps, 'db' | 'now'>) {
  await deps.db.deleteFrom('rate_limits').where('window_start', '<', new Date(deps.now().getTime() - 24 * 3600 * 1000)).execute();
}
