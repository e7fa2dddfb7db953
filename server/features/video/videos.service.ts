import { sql } from 'kysely';
import * as v from 'valibot';
import { VIDEO_MESSAGES, VideoConfigSchema, type Video, type VideoConfig } from '../../../src/contract/video.ts';
import type { Deps } from '../../deps.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { issuesToFields } from '../../lib/validate.ts';
import { findAudioRow } from '../audio/audio.service.ts';
import { getBrand } from '../brand/brand.service.ts';
import { mediaUrlSigner } from '../media/media.urls.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { findScript } from './video-scripts.service.ts';
import type { VideoRequest, VideoRow } from './video.table.ts';

export const VIDEO_RENDER_JOB = 'video.render';
export const renderJobKey = (videoId: string) => `video:${videoId}`;

type VideoDeps = Pick<Deps, 'db' | 'env' | 'now' | 'tts' | 'logger'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type Joined = VideoRow & {
  file_key: string | null;
  thumb_key: string | null;
  preview_key: string | null;
  p_publish_id: string | null;
  p_status: string | null;
  p_error: string | null;
  p_privacy_level: string | null;
  p_post_id: string | null;
  p_published_at: Date | null;
  s_views: string | number | null;
  s_likes: string | number | null;
  s_comments: string | number | null;
  s_shares: string | number | null;
  s_taken_at: Date | null;
};

function selectVideos(deps: Pick<Deps, 'db'>, userId: string) {
  return deps.db
    .selectFrom('videos')
    .leftJoin('media', 'media.id', 'videos.media_id')
    .leftJoin('video_publishes as p', 'p.video_id', 'videos.id')
    .selectAll('videos')
    .select(['media.file_key', 'media.thumb_key', 'media.preview_key'])
    .select([
      'p.publish_id as p_publish_id',
      'p.status as p_status',
      'p.error as p_error',
      'p.privacy_level as p_privacy_level',
      'p.post_id as p_post_id',
      'p.published_at as p_published_at',
    ])
    // The newest snapshot of TikTok's figures.
    .select([
      sql<string | null>`(select s.views from video_snapshots s where s.video_id = videos.id order by s.taken_at desc limit 1)`.as('s_views'),
      sql<string | null>`(select s.likes from video_snapshots s where s.video_id = videos.id order by s.taken_at desc limit 1)`.as('s_likes'),
      sql<string | null>`(select s.comments from video_snapshots s where s.video_id = videos.id order by s.taken_at desc limit 1)`.as('s_comments'),
      sql<string | null>`(select s.shares from video_snapshots s where s.video_id = videos.id order by s.taken_at desc limit 1)`.as('s_shares'),
      sql<Date | null>`(select s.taken_at from video_snapshots s where s.video_id = videos.id order by s.taken_at desc limit 1)`.as('s_taken_at'),
    ])
    .where('videos.user_id', '=', userId)
    .where('videos.deleted_at', 'is', null);
}

function toVideo(deps: Pick<Deps, 'env' | 'now'>, row: Joined): Video {
  const signer = mediaUrlSigner(deps.env);
  const now = deps.now();
  const ready = row.status === 'done' && row.media_id && row.file_key;
  return {
    id: row.id,
    status: row.status,
    progress: row.status === 'done' ? 1 : row.progress,
    error: row.error,
    script_id: row.script_id,
    script_query: row.script_query,
    title: row.title,
    video_url: ready ? signer.url(row.media_id!, 'file', now) : null,
    poster_url: ready && row.preview_key ? signer.url(row.media_id!, 'preview', now) : null,
    duration: row.duration,
    voice: row.request.audioId ? `audio:${row.request.audioId}` : row.request.voice,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    publish: row.p_status
      ? {
          publish_id: row.p_publish_id,
          status: row.p_status,
          error: row.p_error,
          privacy_level: row.p_privacy_level ?? '',
          post_id: row.p_post_id,
          published_at: row.p_published_at ? iso(row.p_published_at) : null,
        }
      : null,
    figures:
      row.s_taken_at !== null
        ? { views: Number(row.s_views), likes: Number(row.s_likes), comments: Number(row.s_comments), shares: Number(row.s_shares), taken_at: iso(row.s_taken_at) }
        : null,
    demo: row.demo,
  };
}

export async function getVideo(deps: Pick<Deps, 'db' | 'env' | 'now'>, userId: string, id: string): Promise<Video> {
  if (!UUID.test(id)) throw notFound('Video not found');
  const row = (await selectVideos(deps, userId).where('videos.id', '=', id).executeTakeFirst()) as Joined | undefined;
  if (!row) throw notFound('Video not found');
  return toVideo(deps, row);
}

export type VideoFilter = 'all' | 'generated' | 'drafts' | 'published';

/**
 * generated: finished renders; drafts: every video not published yet (spec "Draft Videos", searchable by
 * script_query, case-insensitive); published: sent to TikTok (the History).
 */
export async function listVideos(deps: Pick<Deps, 'db' | 'env' | 'now'>, userId: string, query: { filter: VideoFilter; search: string; limit: number }) {
  let select = selectVideos(deps, userId);
  if (query.filter === 'generated') select = select.where('videos.status', '=', 'done');
  if (query.filter === 'drafts') select = select.where('p.video_id', 'is', null);
  if (query.filter === 'published') select = select.where('p.video_id', 'is not', null);
  const search = query.search.trim();
  if (search) select = select.where(sql<boolean>`position(lower(${search}) in lower(videos.script_query)) > 0`);
  const rows = (await select.orderBy('videos.created_at', 'desc').limit(query.limit).execute()) as Joined[];
  return rows.map((row) => toVideo(deps, row));
}

export const findVideoRow = async (deps: Pick<Deps, 'db'>, userId: string, id: string) => {
  if (!UUID.test(id)) throw notFound('Video not found');
  const row = await deps.db.selectFrom('videos').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Video not found');
  return row;
};

const bool = (field: string, value: string | undefined, fallback: boolean) => {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0' || value === 'off') return false;
  throw fieldError(field, `${field} is true or false`);
};

function parseJson(field: string, text: string | undefined, message: string): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError(field, message);
  }
}

/** The form of spec §7 "Create video": script_id, voice-over, add-logo, config (JSON), videos_array (JSON list of media ids). */
export type CreateVideoForm = Record<string, string | undefined>;

export async function createVideo(deps: VideoDeps, userId: string, form: CreateVideoForm): Promise<{ task_id: string; message: string }> {
  const brand = await getBrand(deps.db, userId);
  if (!brand.brandLogo) throw new AppError(409, VIDEO_MESSAGES.needLogo, 'precondition', { data: { redirect: '/settings/content' } });
  if (!form.script_id) throw fieldError('script_id', 'Choose a script');
  const script = await findScript(deps, userId, form.script_id);

  const voiceId = form['voice-over']?.trim() || null;
  // 'audio:{id}': one of the owner's generated audios (Audio page) is the voice-over; another owner's is not found.
  const audioId = voiceId?.startsWith('audio:') ? (await findAudioRow(deps, userId, voiceId.slice('audio:'.length))).id : null;
  if (voiceId && !audioId && voiceId !== 'none' && !deps.tts.voices().some((voice) => voice.id === voiceId)) throw fieldError('voice-over', 'Choose one of the voices');
  const addLogo = bool('add-logo', form['add-logo'], true);
  const configResult = v.safeParse(VideoConfigSchema, parseJson('config', form.config, 'config must be JSON') ?? {});
  if (!configResult.success) {
    const [field, message] = Object.entries(issuesToFields(configResult.issues))[0]!;
    throw fieldError(`config.${field}`, message);
  }
  const config: VideoConfig = configResult.output;

  // videos_array: the clips and photos the owner picked in the question flow; they fill scenes without one, in order.
  const picked = parseJson('videos_array', form.videos_array, 'The chosen clips and photos must be a list of media ids');
  if (picked !== undefined && (!Array.isArray(picked) || picked.some((id) => typeof id !== 'string' || !UUID.test(id)))) {
    throw fieldError('videos_array', 'The chosen clips and photos must be a list of media ids');
  }
  const pickedIds = (picked as string[] | undefined) ?? [];
  const scenes = script.scenes.map((scene) => ({ ...scene }));
  let next = 0;
  for (const scene of scenes) if (!scene.media_id && next < pickedIds.length) scene.media_id = pickedIds[next++]!;
  const ids = [...new Set([...pickedIds, ...scenes.map((scene) => scene.media_id).filter((id): id is string => Boolean(id))])];
  if (ids.length) {
    const rows = await deps.db.selectFrom('media').select('id').where('user_id', '=', userId).where('deleted_at', 'is', null).where('type', 'in', ['image', 'video']).where('id', 'in', ids).execute();
    const found = new Set(rows.map((row) => row.id));
    if (pickedIds.some((id) => !found.has(id))) throw fieldError('videos_array', 'A chosen photo or clip is not in your media library');
    const missing = scenes.findIndex((scene) => scene.media_id && !found.has(scene.media_id));
    if (missing >= 0) throw fieldError('script_id', `The photo or clip of scene ${missing + 1} is no longer in your media library`);
  }
  const empty = scenes.findIndex((scene) => !scene.media_id);
  if (empty >= 0) throw fieldError('videos_array', `Choose a photo or clip for scene ${empty + 1}`);

  await checkEntitlement(deps.db, userId, 'videoRendersPerMonth', 1, deps.now());
  const request: VideoRequest = { scenes, voice: voiceId === 'none' || audioId ? null : voiceId, audioId, addLogo, config };
  const now = deps.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('videos')
      .values({ user_id: userId, script_id: script.id, script_query: script.query, title: script.title, request: JSON.stringify(request), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, deps.now, VIDEO_RENDER_JOB, { videoId: row.id }, { singletonKey: renderJobKey(row.id), maxAttempts: 3, backoffSeconds: 5 });
    return row.id;
  });
  return { task_id: id, message: 'Your video is being made' };
}

/** Retry after 'Video Generation Failed': the same request, rendered again. */
export async function retryVideo(deps: VideoDeps, userId: string, id: string) {
  const row = await findVideoRow(deps, userId, id);
  if (row.status !== 'error') throw new AppError(409, row.status === 'done' ? 'This video is already made' : 'This video is still being made', 'conflict');
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('videos').set({ status: 'pending', progress: 0, error: null, updated_at: deps.now() }).where('id', '=', row.id).execute();
    await enqueueJob(trx, deps.now, VIDEO_RENDER_JOB, { videoId: row.id }, { singletonKey: renderJobKey(row.id), maxAttempts: 3, backoffSeconds: 5 });
  });
  return { message: 'Trying again' };
}

export async function deleteVideo(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string) {
  const row = await findVideoRow(deps, userId, id);
  await deps.db.updateTable('videos').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: 'Item deleted successfully' };
}

