import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BRAND_FILE_PREFIX } from '../brand/brand-images.ts';
import { getBrand } from '../brand/brand.service.ts';
import { ingestFile, mediaLimits } from '../media/media.ingest.ts';
import type { Deps } from '../../deps.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { JobPaused } from '../../jobs/queue.ts';
import { TtsError } from '../../providers/tts/tts.ts';
import { RenderError, type RenderPlan } from './render/render-plan.ts';
import { renderVideo } from './render/render-video.ts';
import { VIDEO_RENDER_JOB, renderJobKey } from './videos.service.ts';
import type { VideoRow } from './video.table.ts';
import { notify } from '../push/notify.ts';

type RenderDeps = Pick<Deps, 'db' | 'env' | 'now' | 'logger' | 'storage' | 'tts' | 'video'>;

/**
 * At most VIDEO_RENDER_CONCURRENCY renders at once in this process. A render that finds every slot taken waits
 * a few seconds, then hands its job back (JobPaused, no attempt used): it does not hold a job slot for the
 * length of another render, and since a handed-back job goes to the end of the queue (run_at now), sends and
 * other due jobs of this process are taken before it is offered again.
 */
function semaphore(size: number) {
  let running = 0;
  return {
    tryAcquire() {
      if (running >= size) return false;
      running += 1;
      return true;
    },
    release() {
      running -= 1;
    },
  };
}

const SLOT_WAIT_MS = 5000;

async function waitForSlot(gate: ReturnType<typeof semaphore>, signal: AbortSignal): Promise<boolean> {
  const until = Date.now() + SLOT_WAIT_MS;
  while (!gate.tryAcquire()) {
    if (signal.aborted || Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}

class InputError extends Error {}

async function download(deps: RenderDeps, key: string, file: string) {
  const object = await deps.storage.get(key);
  if (!object) throw new InputError('A photo or clip of this video is no longer in your media library');
  await pipeline(object.body, fs.createWriteStream(file));
}

/** Plain words for the owner under 'Video Generation Failed'. */
function reasonOf(error: unknown): string {
  if (error instanceof InputError) return error.message;
  if (error instanceof RenderError) {
    if (error.reason === 'timeout') return 'Making the video took too long. Try fewer or shorter scenes.';
    if (error.reason === 'input_missing' || error.reason === 'input_unreadable') return 'One of the photos or clips could not be read. Pick another one for that scene.';
    if (error.reason === 'invalid_plan') return `The script cannot be made into a video (${error.message}).`;
    return 'The video tool stopped with an error. Try again; if it happens again, pick other clips.';
  }
  if (error instanceof TtsError) return `The voice-over could not be made: ${error.message}`;
  return 'Something went wrong while making the video. Try again.';
}

async function buildPlan(deps: RenderDeps, video: VideoRow, dir: string): Promise<RenderPlan> {
  const request = video.request;
  const ids = [...new Set(request.scenes.map((scene) => scene.media_id!))];
  const media = await deps.db.selectFrom('media').select(['id', 'type', 'file_key']).where('user_id', '=', video.user_id).where('deleted_at', 'is', null).where('id', 'in', ids).execute();
  const byId = new Map(media.map((row) => [row.id, row]));
  await fsp.mkdir(dir, { recursive: true });
  await Promise.all(
    ids.map(async (id) => {
      const row = byId.get(id);
      if (!row?.file_key) throw new InputError('A photo or clip of this video is no longer in your media library');
      await download(deps, row.file_key, path.join(dir, id));
    }),
  );
  const brand = await getBrand(deps.db, video.user_id);
  let logo: string | undefined;
  if (request.addLogo && brand.brandLogo.startsWith(BRAND_FILE_PREFIX)) {
    logo = path.join(dir, 'logo');
    await download(deps, `brand/${brand.brandLogo.slice(BRAND_FILE_PREFIX.length)}`, logo).catch(() => (logo = undefined));
  }
  let voiceOver: string | undefined;
  const narration = request.scenes.map((scene) => scene.narration.trim()).filter(Boolean).join(' ');
  if (request.audioId) {
    // A generated audio of the owner's is the voice-over, as it was made on the Audio page.
    const audio = await deps.db.selectFrom('audios').select(['file_key', 'mime_type']).where('id', '=', request.audioId).where('user_id', '=', video.user_id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!audio) throw new InputError('The audio chosen as the voice-over is no longer in your generated audios');
    voiceOver = path.join(dir, `voice.${audio.mime_type === 'audio/mpeg' ? 'mp3' : 'wav'}`);
    await download(deps, audio.file_key, voiceOver);
  } else if (request.voice && narration) {
    const audio = await deps.tts.speak({ text: narration, voice: request.voice });
    voiceOver = path.join(dir, `voice.${audio.extension}`);
    await fsp.writeFile(voiceOver, audio.data);
  }
  return {
    scenes: request.scenes.map((scene) => ({
      kind: byId.get(scene.media_id!)!.type === 'video' ? 'clip' : 'photo',
      path: path.join(dir, scene.media_id!),
      duration: scene.duration,
      ...(scene.trim_start ? { trimStart: scene.trim_start } : {}),
      caption: scene.caption || undefined,
    })),
    voiceOver,
    logo,
    captions: { enabled: request.config.Captions, bold: request.config.Bold, italic: request.config.Italic, color: request.config.HexCode },
    transitions: request.config.Transitions,
    trimPauses: request.config.TrimPauses,
    restaurantName: request.config.RestaurantName && brand.brandName ? brand.brandName.slice(0, 80) : undefined,
  };
}

/**
 * Renders one video: downloads its photos, clips and logo, speaks the narration, runs ffmpeg in a child
 * process (at a lower priority, with a time limit) and stores the MP4 as a media item of the owner's.
 * Progress goes to the row (at most twice a second) for the screen to poll. A shutdown mid-render hands
 * the job back (JobPaused) and the next process renders it again; any other failure ends in status error
 * with the reason in plain words, never stuck in pending.
 */
export async function renderVideoJob(deps: RenderDeps, videoId: string, signal: AbortSignal, gate: ReturnType<typeof semaphore>) {
  const video = await deps.db.selectFrom('videos').selectAll().where('id', '=', videoId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!video || video.status !== 'pending') return;
  if (!(await waitForSlot(gate, signal))) throw new JobPaused('every render slot is busy');
  const workDir = path.join(deps.env.dataDir, 'renders', videoId);
  try {
    const plan = await buildPlan(deps, video, path.join(workDir, 'sources'));
    const { ffmpeg, ffprobe } = deps.video.binaries();
    let lastWrite = 0;
    let lastFraction = 0;
    const result = await renderVideo(plan, {
      workDir: path.join(workDir, 'out'),
      ffmpeg,
      ffprobe,
      signal,
      timeoutMs: deps.env.VIDEO_RENDER_TIMEOUT_MS,
      onProgress: (fraction) => {
        const now = Date.now();
        if (now - lastWrite < 500 || fraction - lastFraction < 0.01) return;
        lastWrite = now;
        lastFraction = fraction;
        // Stored as 0..0.95: storing the file is the last step.
        void deps.db.updateTable('videos').set({ progress: Math.min(0.95, fraction * 0.95) }).where('id', '=', videoId).where('status', '=', 'pending').execute().catch(() => undefined);
      },
    });
    const mediaId = randomUUID();
    const ingested = await ingestFile(
      { storage: deps.storage, video: deps.video, limits: mediaLimits(deps.env), tmpDir: path.join(deps.env.dataDir, 'tmp') },
      result.video,
      { type: 'video', mimeType: 'video/mp4' },
      { userId: video.user_id, id: mediaId },
    );
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('media')
        .values({
          id: mediaId,
          user_id: video.user_id,
          parent_id: null,
          name: `${video.title.slice(0, 80)}.mp4`,
          description: `Made by Mise from your script: ${video.script_query}`.slice(0, 500),
          type: 'video',
          is_folder: false,
          mime_type: ingested.mimeType,
          size: ingested.size,
          width: ingested.width,
          height: ingested.height,
          duration: ingested.duration,
          file_key: ingested.fileKey,
          thumb_key: ingested.thumbKey,
          preview_key: ingested.previewKey,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.updateTable('videos').set({ status: 'done', progress: 1, error: null, media_id: mediaId, duration: result.duration, updated_at: now }).where('id', '=', videoId).execute();
    });
    await fsp.rm(workDir, { recursive: true, force: true });
    await notify(deps, video.user_id, 'videoReady', { title: 'Your video is ready', body: video.title, url: `/edit-concept/video/${videoId}`, tag: `video:${videoId}` });
  } catch (error) {
    if (signal.aborted) throw new JobPaused('render interrupted; it starts again on the next run');
    deps.logger.warn({ err: error, videoId, detail: error instanceof RenderError ? error.detail : undefined }, 'video render failed');
    await deps.db.updateTable('videos').set({ status: 'error', error: reasonOf(error), updated_at: deps.now() }).where('id', '=', videoId).execute();
    if (video) await notify(deps, video.user_id, 'videoReady', { title: 'Your video could not be made', body: reasonOf(error), url: `/edit-concept/video/${videoId}`, tag: `video:${videoId}` });
    await fsp.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  } finally {
    gate.release();
  }
}

/**
 * A pending video whose render job is gone (failed its attempts, or lost with a database restore) is
 * marked failed, so nothing waits on a render that will never come.
 */
export async function failOrphanRenders(deps: Pick<Deps, 'db' | 'now'>) {
  const pending = await deps.db.selectFrom('videos').select(['id', 'updated_at']).where('status', '=', 'pending').execute();
  for (const video of pending) {
    const job = await deps.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', VIDEO_RENDER_JOB)
      .where('singleton_key', '=', renderJobKey(video.id))
      .where('status', 'in', ['queued', 'active'])
      .executeTakeFirst();
    if (job) continue;
    await deps.db
      .updateTable('videos')
      .set({ status: 'error', error: 'The render stopped before it finished. Tap Retry to make it again.', updated_at: deps.now() })
      .where('id', '=', video.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

const SWEEP_MS = 5 * 60_000;

export function registerRenderJobs(jobs: Jobs, deps: RenderDeps): () => void {
  const gate = semaphore(deps.env.VIDEO_RENDER_CONCURRENCY);
  jobs.work<{ videoId: string }>(VIDEO_RENDER_JOB, async (job) => {
    await renderVideoJob(deps, job.payload.videoId, job.signal, gate);
  });
  const sweep = () => void failOrphanRenders(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'video render sweep failed'));
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export { semaphore as renderGate };
