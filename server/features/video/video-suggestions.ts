import { sql } from 'kysely';
import { VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_SUBCATEGORIES, type ScriptScene, type VideoSuggestion, type VideoSuggestionsResponse } from '../../../src/contract/video.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ScriptMedia } from '../../providers/ai/ai-types.ts';
import { getBrand } from '../brand/brand.service.ts';
import { mediaUrlSigner } from '../media/media.urls.ts';
import { sceneId } from './video-scripts.service.ts';

type SuggestDeps = Pick<Deps, 'db' | 'ai' | 'now' | 'logger'>;

export const VIDEO_SUGGESTIONS_JOB = 'video.suggestions';
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const ASK_EVERY_MS = 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The week a moment belongs to: Monday 00:00 UTC. */
export function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const monday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - monday * DAY);
}

/**
 * The three kinds of suggestion, in order: a spotlight on the newest photo or clip, a behind-the-scenes one on the
 * next, and a round-up of the week. Each concept is the owner's own description of their media (never invented).
 */
const PLANS = [
  { subcategory: 'dish_spotlight', style: 'close_up' },
  { subcategory: 'behind_the_scenes', style: null },
  { subcategory: 'atmosphere', style: 'lively' },
] as const;

const kindOf = (plan: (typeof PLANS)[number]) => {
  const subcategory = VIDEO_SUBCATEGORIES.find((entry) => entry.id === plan.subcategory)!;
  const style = plan.style ? subcategory.styles.find((entry) => entry.id === plan.style)! : null;
  return { subcategory: { id: subcategory.id, label: subcategory.label }, style: style ? { id: style.id, label: style.label } : null };
};

type Written = { position: number; query: string; subcategory: string; video_style: string | null; title: string; scenes: string; writer: string };

/**
 * Writes up to three suggested scripts from `media` (the week's new photos and clips, newest first) with the AI
 * provider: only these media are placed in scenes, and the only facts are the descriptions and the brand's.
 */
async function writeSuggestions(deps: Pick<Deps, 'db' | 'ai'>, userId: string, media: ScriptMedia[], seed: number): Promise<Written[]> {
  const brand = await getBrand(deps.db, userId);
  const facts = { name: brand.brandName, location: brand.location, website: brand.website, description: brand.description, voice: brand.brandVoice };
  const described = media.filter((item) => item.description.trim());
  const concepts = described.slice(0, 2).map((item) => ({ concept: item.description.trim(), focus: item }));
  if (described.length >= 3) {
    concepts.push({ concept: described.slice(0, 4).map((item) => item.description.trim().replace(/[.!?]*$/, '.')).join(' '), focus: described[0]! });
  }
  const written: Written[] = [];
  for (const [position, { concept, focus }] of concepts.entries()) {
    const plan = PLANS[position]!;
    const kind = kindOf(plan);
    const ordered = [focus, ...media.filter((item) => item.id !== focus.id)];
    const script = await deps.ai.writeVideoScript({ concept: concept.slice(0, VIDEO_LIMITS.query), ...kind, brand: facts, media: ordered, seed: seed + position });
    const allowed = new Set(media.map((item) => item.id));
    const scenes: ScriptScene[] = script.scenes.slice(0, VIDEO_LIMITS.scenes).map((scene) => ({
      id: sceneId(),
      narration: scene.narration.slice(0, VIDEO_LIMITS.narration),
      caption: scene.caption.slice(0, VIDEO_LIMITS.caption),
      media_id: scene.media_id && allowed.has(scene.media_id) ? scene.media_id : null,
      duration: Math.min(VIDEO_LIMITS.sceneSeconds.max, Math.max(VIDEO_LIMITS.sceneSeconds.min, Math.round(scene.duration))),
    }));
    written.push({
      position,
      query: concept.slice(0, VIDEO_LIMITS.query),
      subcategory: plan.subcategory,
      video_style: plan.style,
      title: (script.title || concept).slice(0, VIDEO_LIMITS.title),
      scenes: JSON.stringify(scenes),
      writer: deps.ai.kind,
    });
  }
  return written;
}

/** Photos and clips the owner (or their team) added after `since`, newest first, as the script writer sees them. */
async function newMedia(deps: Pick<Deps, 'db'>, userId: string, since: Date, until: Date): Promise<ScriptMedia[]> {
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'type', 'name', 'description', 'duration'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('type', 'in', ['image', 'video'])
    .where('file_key', 'is not', null)
    .where('created_at', '>', since)
    .where('created_at', '<=', until)
    // Mise's own renders are stored as media items too: they are not new footage of the owner's.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('videos').select('videos.id').whereRef('videos.media_id', '=', 'media.id'))))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.type as 'image' | 'video', name: row.name, description: row.description, duration: row.duration }));
}

export type OwnerOutcome = 'made' | 'skipped' | 'already' | 'no_brand';

/**
 * One owner's weekly refresh. The week's row is the claim: it is inserted in the same transaction that replaces the
 * suggestions, and its primary key (owner, week) makes a second run in the same week (another server, a restart, a
 * retried job) do nothing. New media are those added since the last run (at most a week back); with none, the
 * week is recorded as skipped and the previous suggestions stay.
 */
export async function refreshOwnerSuggestions(deps: SuggestDeps, userId: string, now = deps.now()): Promise<OwnerOutcome> {
  const week = weekStart(now);
  const done = await deps.db.selectFrom('video_suggestion_weeks').select('user_id').where('user_id', '=', userId).where('week_start', '=', week).executeTakeFirst();
  if (done) return 'already';
  const brand = await getBrand(deps.db, userId);
  // Spec §5: a script needs the brand's name, location and logo; the owner is asked again once they are set.
  if (!brand.brandName || !brand.location || !brand.brandLogo) return 'no_brand';
  const last = await deps.db.selectFrom('video_suggestion_weeks').select('created_at').where('user_id', '=', userId).orderBy('week_start', 'desc').executeTakeFirst();
  const weekAgo = new Date(now.getTime() - WEEK);
  const lastAt = last ? new Date(last.created_at) : weekAgo;
  const since = lastAt > weekAgo ? lastAt : weekAgo;
  const media = await newMedia(deps, userId, since, now);
  // The AI call happens outside the transaction (a remote model must not hold the database).
  const written = media.some((item) => item.description.trim()) ? await writeSuggestions(deps, userId, media, Math.floor(week.getTime() / WEEK)) : [];
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await sql<{ user_id: string }>`
      INSERT INTO video_suggestion_weeks (user_id, week_start, outcome, new_media, created_at)
      VALUES (${userId}, ${week}, ${written.length ? 'made' : 'skipped'}, ${media.length}, ${now})
      ON CONFLICT (user_id, week_start) DO NOTHING
      RETURNING user_id`.execute(trx);
    if (!claimed.rows.length) return 'already';
    if (!written.length) return 'skipped';
    await trx.deleteFrom('video_suggestions').where('user_id', '=', userId).execute();
    await trx
      .insertInto('video_suggestions')
      .values(written.map((row) => ({ ...row, user_id: userId, week_start: week, created_at: now })))
      .execute();
    return 'made';
  });
}

/** The weekly job: every owner with media who has not had this week's run yet. */
async function runWeeklySuggestions(deps: SuggestDeps): Promise<Record<OwnerOutcome, number>> {
  const now = deps.now();
  const week = weekStart(now);
  const owners = await deps.db
    .selectFrom('users')
    .select('users.id')
    .where('users.team_owner_id', 'is', null)
    .where(({ exists, selectFrom }) => exists(selectFrom('media').select('media.id').whereRef('media.user_id', '=', 'users.id').where('media.type', 'in', ['image', 'video'])))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('video_suggestion_weeks').select('video_suggestion_weeks.user_id').whereRef('video_suggestion_weeks.user_id', '=', 'users.id').where('video_suggestion_weeks.week_start', '=', week))),
    )
    .execute();
  const counts: Record<OwnerOutcome, number> = { made: 0, skipped: 0, already: 0, no_brand: 0 };
  for (const owner of owners) {
    try {
      counts[await refreshOwnerSuggestions(deps, owner.id, now)] += 1;
    } catch (error) {
      deps.logger.warn({ err: error, userId: owner.id }, 'weekly video suggestions failed for one owner');
    }
  }
  return counts;
}

/** Each process asks for a run every hour; the singleton key makes it one queued run, the week rows make it once a week. */
export function registerSuggestionJobs(jobs: Jobs, deps: SuggestDeps): () => void {
  jobs.work(VIDEO_SUGGESTIONS_JOB, async () => {
    const counts = await runWeeklySuggestions(deps);
    if (counts.made || counts.skipped) deps.logger.info(counts, 'weekly video suggestions');
  });
  const ask = () =>
    void jobs.enqueue(VIDEO_SUGGESTIONS_JOB, {}, { singletonKey: 'video-suggestions' }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue weekly video suggestions'));
  ask();
  const timer = setInterval(ask, ASK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function listSuggestions(deps: Pick<Deps, 'db' | 'env' | 'now'>, userId: string): Promise<VideoSuggestionsResponse> {
  const rows = await deps.db.selectFrom('video_suggestions').selectAll().where('user_id', '=', userId).orderBy('position').execute();
  const last = await deps.db.selectFrom('video_suggestion_weeks').selectAll().where('user_id', '=', userId).orderBy('week_start', 'desc').executeTakeFirst();
  const firstMedia = rows.map((row) => row.scenes.find((scene) => scene.media_id)?.media_id ?? null);
  const ids = [...new Set(firstMedia.filter((id): id is string => Boolean(id)))];
  const thumbs = new Set(
    ids.length ? (await deps.db.selectFrom('media').select('id').where('user_id', '=', userId).where('deleted_at', 'is', null).where('thumb_key', 'is not', null).where('id', 'in', ids).execute()).map((media) => media.id) : [],
  );
  const signer = mediaUrlSigner(deps.env);
  const now = deps.now();
  const results: VideoSuggestion[] = rows.map((row, index) => {
    const mediaId = firstMedia[index] ?? null;
    return {
      id: row.id,
      title: row.title,
      query: row.query,
      subcategory: row.subcategory,
      video_style: row.video_style,
      scenes: row.scenes,
      media_id: mediaId,
      thumbnail_url: mediaId && thumbs.has(mediaId) ? signer.url(mediaId, 'thumb', now) : null,
      demo: row.demo,
    };
  });
  return {
    results,
    refreshed_at: rows[0] ? iso(rows[0].created_at) : null,
    last_run: last ? { week_start: iso(last.week_start), outcome: last.outcome, new_media: Number(last.new_media) } : null,
  };
}

/** "Use this": the suggestion becomes one of the owner's scripts (edited and made into a video like any other). */
export async function scriptFromSuggestion(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string): Promise<{ id: string; message: string }> {
  if (!UUID.test(id)) throw notFound('Suggestion not found');
  const row = await deps.db.selectFrom('video_suggestions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Suggestion not found');
  const now = deps.now();
  const ids = [...new Set(row.scenes.map((scene) => scene.media_id).filter((media): media is string => Boolean(media)))];
  const live = new Set(
    ids.length ? (await deps.db.selectFrom('media').select('id').where('user_id', '=', userId).where('deleted_at', 'is', null).where('id', 'in', ids).execute()).map((media) => media.id) : [],
  );
  // A photo deleted since the suggestion was written leaves its scene to be filled in, as in any script.
  const scenes = row.scenes.map((scene) => ({ ...scene, id: sceneId(), media_id: scene.media_id && live.has(scene.media_id) ? scene.media_id : null }));
  const script = await deps.db
    .insertInto('video_scripts')
    .values({ user_id: userId, query: row.query, subcategory: row.subcategory, video_style: row.video_style, title: row.title, scenes: JSON.stringify(scenes), writer: row.writer, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: script.id, message: VIDEO_MESSAGES.scriptCreated };
}
