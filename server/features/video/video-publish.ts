import type { CreatorInfo, PublishRequest, VideoAnalytics } from '../../../src/contract/video.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { chunkRanges, planChunks, TiktokError } from '../../providers/tiktok/tiktok-client.ts';
import { tiktokAccessToken } from '../socials/tiktok.service.ts';
import { findVideoRow, getVideo } from './videos.service.ts';

// TikTok publishing (integrations.md §3, Content Posting API): creator info → init FILE_UPLOAD → chunked PUT
// → status polling as a job until PUBLISH_COMPLETE or FAILED → video-query snapshots for the analytics.

const PUBLISH_JOB = 'video.publish';
const PUBLISH_STATUS_JOB = 'video.publish-status';
const STATS_JOB = 'video.stats';

type PublishDeps = Pick<Deps, 'db' | 'env' | 'now' | 'logger' | 'storage' | 'tiktok'>;

const FINISHED = new Set(['PUBLISH_COMPLETE', 'FAILED']);

function tiktokTrouble(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TiktokError) {
    if (error.status === 429 || error.code === 'rate_limit_exceeded') return new AppError(429, 'TikTok asks us to slow down. Try again in a minute.', 'rate_limited', { headers: { 'Retry-After': '60' } });
    if (error.code === 'access_token_invalid' || error.code === 'scope_not_authorized') return new AppError(409, 'Link your TikTok account again in Settings → Social accounts', 'conflict');
    if (error.code === 'unreachable' || error.status >= 500) return new AppError(502, 'TikTok could not be reached. Try again in a moment.', 'provider_unavailable');
    return new AppError(400, `TikTok refused: ${error.message}`, 'validation');
  }
  return new AppError(502, 'TikTok could not be reached. Try again in a moment.', 'provider_unavailable');
}

/** Step 1, shown to the owner before publishing (TikTok requires the privacy choice to come from these options). */
export async function creatorInfo(deps: PublishDeps, userId: string): Promise<CreatorInfo> {
  const token = await tiktokAccessToken(deps, userId);
  try {
    const info = await deps.tiktok!.creatorInfo(token);
    return { nickname: info.nickname || info.username, privacy_level_options: info.privacyLevelOptions, comment_disabled: info.commentDisabled, max_video_post_duration_sec: info.maxVideoPostDurationSec };
  } catch (error) {
    throw tiktokTrouble(error);
  }
}

export async function publishVideo(deps: PublishDeps, userId: string, videoId: string, input: PublishRequest) {
  const video = await findVideoRow(deps, userId, videoId);
  if (video.status !== 'done' || !video.media_id) throw new AppError(409, 'The video is not ready yet', 'conflict');
  const existing = await deps.db.selectFrom('video_publishes').selectAll().where('video_id', '=', video.id).executeTakeFirst();
  if (existing && existing.status !== 'FAILED') throw new AppError(409, 'This video is already on its way to TikTok', 'conflict');
  const info = await creatorInfo(deps, userId);
  if (!info.privacy_level_options.includes(input.privacy_level)) throw fieldError('privacy_level', 'Choose one of the options TikTok offers for your account');
  if (video.duration && video.duration > info.max_video_post_duration_sec) throw new AppError(409, `TikTok takes videos of at most ${info.max_video_post_duration_sec} seconds from your account`, 'conflict');
  const now = deps.now();
  const values = {
    user_id: userId,
    platform: 'tiktok',
    publish_id: null,
    status: 'QUEUED',
    error: null,
    privacy_level: input.privacy_level,
    caption: input.title || video.title,
    disable_comment: input.disable_comment || info.comment_disabled,
    post_id: null,
    published_at: null,
    updated_at: now,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('video_publishes')
      .values({ video_id: video.id, ...values, created_at: now })
      .onConflict((oc) => oc.column('video_id').doUpdateSet(values))
      .execute();
    await enqueueJob(trx, deps.now, PUBLISH_JOB, { videoId: video.id }, { singletonKey: `publish:${video.id}`, maxAttempts: 4, backoffSeconds: 30 });
  });
  return { message: 'Sending to TikTok', video: await getVideo(deps, userId, video.id) };
}

const setPublish = (deps: PublishDeps, videoId: string, values: Record<string, unknown>) =>
  deps.db.updateTable('video_publishes').set({ ...values, updated_at: deps.now() }).where('video_id', '=', videoId).execute();

/** Steps 2 and 3: init, then every chunk in order. A refusal ends in FAILED; a hiccup (429, 5xx) is retried by the queue. */
async function runPublish(deps: PublishDeps, videoId: string, attempt: number, maxAttempts: number) {
  const row = await deps.db
    .selectFrom('video_publishes')
    .innerJoin('videos', 'videos.id', 'video_publishes.video_id')
    .innerJoin('media', 'media.id', 'videos.media_id')
    .select(['video_publishes.user_id', 'video_publishes.status', 'video_publishes.privacy_level', 'video_publishes.caption', 'video_publishes.disable_comment', 'media.file_key', 'media.size'])
    .where('video_publishes.video_id', '=', videoId)
    .executeTakeFirst();
  if (!row || row.status !== 'QUEUED' || !row.file_key) return;
  try {
    const token = await tiktokAccessToken(deps, row.user_id);
    const size = Number(row.size);
    const plan = planChunks(size, deps.env.TIKTOK_CHUNK_BYTES, deps.env.TIKTOK_MIN_CHUNK_BYTES);
    const { publishId, uploadUrl } = await deps.tiktok!.initUpload(token, { title: row.caption, privacyLevel: row.privacy_level, disableComment: row.disable_comment }, plan);
    await setPublish(deps, videoId, { publish_id: publishId, status: 'PROCESSING_UPLOAD' });
    for (const range of chunkRanges(plan)) {
      const object = await deps.storage.get(row.file_key, { start: range.first, end: range.last });
      if (!object) throw new AppError(410, 'The video file is gone', 'not_found');
      const parts: Buffer[] = [];
      for await (const part of object.body) parts.push(part as Buffer);
      await deps.tiktok!.uploadChunk(uploadUrl, Buffer.concat(parts), range.first, size);
    }
    await enqueueJob(deps.db, deps.now, PUBLISH_STATUS_JOB, { videoId, polls: 0 }, { runAt: new Date(deps.now().getTime() + 3000), maxAttempts: 5 });
  } catch (error) {
    const retryable = error instanceof TiktokError && (error.status === 429 || error.status >= 500 || error.code === 'unreachable');
    if (retryable && attempt < maxAttempts) {
      // init may have worked before the failure: start over cleanly next time.
      await setPublish(deps, videoId, { status: 'QUEUED', publish_id: null });
      throw error;
    }
    const message = error instanceof AppError ? error.message : tiktokTrouble(error).message;
    await setPublish(deps, videoId, { status: 'FAILED', error: message });
  }
}

/** Step 4: one look at the status; asks again later until TikTok says PUBLISH_COMPLETE or FAILED. */
async function pollPublish(deps: PublishDeps, videoId: string, polls: number) {
  const row = await deps.db.selectFrom('video_publishes').selectAll().where('video_id', '=', videoId).executeTakeFirst();
  if (!row?.publish_id || FINISHED.has(row.status)) return;
  const token = await tiktokAccessToken(deps, row.user_id);
  const status = await deps.tiktok!.publishStatus(token, row.publish_id);
  if (status.status === 'PUBLISH_COMPLETE') {
    await setPublish(deps, videoId, { status: 'PUBLISH_COMPLETE', error: null, post_id: status.postIds[0] ?? null, published_at: deps.now() });
    // The first figures right away (a failure is fine: the periodic job takes them later).
    if (status.postIds[0]) await takeSnapshots(deps, row.user_id).catch((error: unknown) => deps.logger.warn({ err: error, videoId }, 'first TikTok figures failed'));
    return;
  }
  if (status.status === 'FAILED') {
    await setPublish(deps, videoId, { status: 'FAILED', error: status.failReason ? `TikTok did not publish it (${status.failReason})` : 'TikTok did not publish it' });
    return;
  }
  await setPublish(deps, videoId, { status: status.status || row.status });
  // Every 5 s for the first minute, then every minute; moderation can take hours (integrations.md §3).
  const delay = polls < 12 ? 5000 : 60_000;
  if (polls > 12 + 24 * 60) {
    await setPublish(deps, videoId, { status: 'FAILED', error: 'TikTok did not finish publishing within a day' });
    return;
  }
  await enqueueJob(deps.db, deps.now, PUBLISH_STATUS_JOB, { videoId, polls: polls + 1 }, { runAt: new Date(deps.now().getTime() + delay), maxAttempts: 5 });
}

/** A snapshot of TikTok's figures for each of the owner's published videos (20 ids a call). */
export async function takeSnapshots(deps: PublishDeps, userId: string) {
  const rows = await deps.db
    .selectFrom('video_publishes')
    .innerJoin('videos', 'videos.id', 'video_publishes.video_id')
    .select(['video_publishes.video_id', 'video_publishes.post_id'])
    .where('video_publishes.user_id', '=', userId)
    // Demo videos were never on TikTok.
    .where('videos.demo', '=', false)
    .where('video_publishes.status', '=', 'PUBLISH_COMPLETE')
    .where('video_publishes.post_id', 'is not', null)
    .execute();
  if (!rows.length) return 0;
  const token = await tiktokAccessToken(deps, userId);
  const byPost = new Map(rows.map((row) => [row.post_id!, row.video_id]));
  const ids = [...byPost.keys()];
  let taken = 0;
  for (let index = 0; index < ids.length; index += 20) {
    const figures = await deps.tiktok!.queryVideos(token, ids.slice(index, index + 20));
    const now = deps.now();
    const values = figures
      .filter((figure) => byPost.has(figure.id))
      .map((figure) => ({ video_id: byPost.get(figure.id)!, taken_at: now, views: figure.views, likes: figure.likes, comments: figure.comments, shares: figure.shares }));
    if (values.length) await deps.db.insertInto('video_snapshots').values(values).execute();
    taken += values.length;
  }
  return taken;
}

/** Asks for fresh figures now (the analytics page's Refresh); one queued run per owner at a time. */
export async function refreshFigures(deps: PublishDeps, userId: string) {
  if (!deps.tiktok) throw new AppError(503, 'TikTok is not set up on this server yet', 'not_configured');
  await enqueueJob(deps.db, deps.now, STATS_JOB, { userId }, { singletonKey: `stats:${userId}` });
  return { message: 'Fetching the newest figures from TikTok' };
}

const DAY = 86_400_000;

/** The analytics page: snapshots over time and the views gained in the last week, month and year. */
/** Spec §2: the analytics page is keyed by TikTok's publish_id; a video id is still understood (older links). */
export async function analyticsByPublishId(deps: PublishDeps, userId: string, id: string): Promise<VideoAnalytics> {
  const published = id.length <= 200 ? await deps.db.selectFrom('video_publishes').select('video_id').where('user_id', '=', userId).where('publish_id', '=', id).executeTakeFirst() : undefined;
  return videoAnalytics(deps, userId, published?.video_id ?? id);
}

export async function videoAnalytics(deps: PublishDeps, userId: string, videoId: string): Promise<VideoAnalytics> {
  const video = await getVideo(deps, userId, videoId);
  const snapshots = await deps.db.selectFrom('video_snapshots').selectAll().where('video_id', '=', video.id).orderBy('taken_at', 'asc').execute();
  const points = snapshots.map((row) => ({
    taken_at: (row.taken_at instanceof Date ? row.taken_at : new Date(row.taken_at)).toISOString(),
    views: Number(row.views),
    likes: Number(row.likes),
    comments: Number(row.comments),
    shares: Number(row.shares),
  }));
  const latest = points.at(-1);
  const now = deps.now().getTime();
  // Views gained since the last snapshot at least `days` old; a video younger than that counts from zero.
  const gained = (days: number) => {
    if (!latest) return null;
    const before = points.findLast((point) => new Date(point.taken_at).getTime() <= now - days * DAY);
    return latest.views - (before?.views ?? 0);
  };
  return { video, snapshots: points, coverage: { week: gained(7), month: gained(30), year: gained(365) } };
}

const STATS_EVERY_MS = 6 * 3600_000;

export function registerPublishJobs(jobs: Jobs, deps: PublishDeps): () => void {
  jobs.work<{ videoId: string }>(PUBLISH_JOB, async (job) => {
    await runPublish(deps, job.payload.videoId, job.attempt, 4);
  });
  jobs.work<{ videoId: string; polls: number }>(PUBLISH_STATUS_JOB, async (job) => {
    await pollPublish(deps, job.payload.videoId, job.payload.polls ?? 0);
  });
  jobs.work<{ userId: string }>(STATS_JOB, async (job) => {
    await takeSnapshots(deps, job.payload.userId);
  });
  // Every few hours, a snapshot for every owner with a published video (one queued run per owner).
  const ask = () =>
    void (async () => {
      if (!deps.tiktok) return;
      const owners = await deps.db
        .selectFrom('video_publishes')
        .innerJoin('videos', 'videos.id', 'video_publishes.video_id')
        .select('video_publishes.user_id')
        .distinct()
        .where('video_publishes.status', '=', 'PUBLISH_COMPLETE')
        .where('videos.demo', '=', false)
        .execute();
      for (const owner of owners) await enqueueJob(deps.db, deps.now, STATS_JOB, { userId: owner.user_id }, { singletonKey: `stats:${owner.user_id}` });
    })().catch((error: unknown) => deps.logger.warn({ err: error }, 'could not queue video figures'));
  const timer = setInterval(ask, STATS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
