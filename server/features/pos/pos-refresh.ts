import type { Jobs } from '../../jobs/jobs.ts';
import type { PosDeps } from './pos-config.ts';
import { accessTokenFor } from './pos-tokens.ts';

const POS_REFRESH_JOB = 'pos.refresh-tokens';
const EVERY_MS = 3600 * 1000;
/** Tokens lapsing within a day are renewed, so an owner who does not import for weeks stays connected. */
const AHEAD_MS = 24 * 3600 * 1000;

/** Renews every connection whose access or refresh token lapses soon; one failure does not stop the others. */
export async function refreshExpiringTokens(deps: PosDeps): Promise<{ refreshed: number; failed: number }> {
  const soon = new Date(deps.now().getTime() + AHEAD_MS);
  const due = await deps.db
    .selectFrom('pos_connections')
    .selectAll()
    .where((eb) => eb.or([eb('access_expires_at', '<', soon), eb('refresh_expires_at', '<', soon)]))
    .execute();
  let refreshed = 0;
  let failed = 0;
  for (const connection of due) {
    try {
      await accessTokenFor(deps, connection, { force: true });
      refreshed += 1;
    } catch (error) {
      failed += 1;
      deps.logger.warn({ err: error, connectionId: connection.id, provider: connection.provider }, 'pos token refresh failed');
    }
  }
  return { refreshed, failed };
}

/** Hourly, one run across all processes (singleton key), like the other maintenance jobs. */
export function registerPosRefresh(jobs: Jobs, deps: PosDeps): () => void {
  jobs.work(POS_REFRESH_JOB, async () => {
    await refreshExpiringTokens(deps);
  });
  const ask = () =>
    void jobs.enqueue(POS_REFRESH_JOB, {}, { singletonKey: 'pos-refresh' }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue pos token refresh'));
  ask();
  const timer = setInterval(ask, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
