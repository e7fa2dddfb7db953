import type { TrendingResponse } from '../../../src/contract/audio.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { TrendingError } from '../../providers/trending/tiktok-research.ts';

type TrendingDeps = Pick<Deps, 'db' | 'env' | 'now' | 'trending' | 'logger'>;

/**
 * What the page says when no source is set up: no figures are shown then, never sample data. Owners read what
 * they can do; the variables that turn it on are in the start-up summary and the README.
 */
const TRENDING_SETUP =
  'Trending audios aren’t available on this Mise yet. You can still make a voice-over from your own words on the Audio screen.';

/** A refresh within this long of the last one answers from what is kept (the Research API allows 1000 calls a day). */
const FRESH_MS = 15 * 60_000;

export async function getTrending(deps: TrendingDeps): Promise<TrendingResponse> {
  const region = deps.env.TRENDING_REGION;
  if (!deps.trending) return { source: 'none', region, fetched_at: null, results: [], setup: TRENDING_SETUP };
  const row = await deps.db.selectFrom('trending_audios').selectAll().where('source', '=', deps.trending.source).where('region', '=', region).executeTakeFirst();
  return {
    source: deps.trending.source,
    region,
    fetched_at: row ? new Date(row.fetched_at).toISOString() : null,
    results: row?.items ?? [],
    setup: null,
  };
}

/** The spec's refresh call: gathers the sounds again from the source and keeps them; answers with a message. */
export async function refreshTrending(deps: TrendingDeps): Promise<{ message: string; trending: TrendingResponse }> {
  if (!deps.trending) throw new AppError(409, TRENDING_SETUP, 'not_configured');
  const region = deps.env.TRENDING_REGION;
  const source = deps.trending.source;
  const now = deps.now();
  const kept = await deps.db.selectFrom('trending_audios').select('fetched_at').where('source', '=', source).where('region', '=', region).executeTakeFirst();
  if (kept && now.getTime() - new Date(kept.fetched_at).getTime() < FRESH_MS) {
    return { message: 'Trending audios are up to date', trending: await getTrending(deps) };
  }
  let sounds;
  try {
    ({ sounds } = await deps.trending.trending({ region, now }));
  } catch (error) {
    if (error instanceof TrendingError) {
      deps.logger.warn({ code: error.code, status: error.status }, 'trending audios refresh failed');
      const status = error.code === 'rate_limit_exceeded' ? 429 : 503;
      throw new AppError(status, error.message, status === 429 ? 'rate_limited' : 'provider_unavailable', { headers: { 'Retry-After': status === 429 ? '3600' : '30' } });
    }
    throw error;
  }
  await deps.db
    .insertInto('trending_audios')
    .values({ source, region, fetched_at: now, items: JSON.stringify(sounds) })
    .onConflict((oc) => oc.columns(['source', 'region']).doUpdateSet({ fetched_at: now, items: JSON.stringify(sounds) }))
    .execute();
  return { message: 'Trending audios refreshed', trending: await getTrending(deps) };
}
