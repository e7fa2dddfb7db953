import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { captionFont } from './caption-fonts.ts';
import { buildAss, FRAME } from './render-captions.ts';
import { runFfmpeg } from './render-ffmpeg.ts';
import { buildRenderCommand, DEFAULT_ENCODE, THUMBNAIL, type EncodeSettings } from './render-graph.ts';
import { prepareInputs } from './render-inputs.ts';
import { parseRenderPlan, RenderError, type RenderPlan } from './render-plan.ts';
import { DEFAULT_FPS, planTimeline } from './render-timeline.ts';

export type RenderOptions = {
  /** A directory of this render's own (e.g. DATA_DIR/renders/<video id>); created when missing. */
  workDir: string;
  ffmpeg: string;
  ffprobe: string;
  onProgress?: (fraction: number) => void;
  /** ffmpeg's process id once it runs. */
  onFfmpegStart?: (pid: number) => void;
  signal?: AbortSignal;
  /** Default 10 minutes. */
  timeoutMs?: number;
  /** Default 10: renders yield the CPU to the API. */
  niceness?: number;
  encode?: Partial<EncodeSettings>;
};

export type RenderResult = {
  /** Absolute paths inside workDir. */
  video: string;
  poster: string;
  thumbnail: string;
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  /** Fingerprint of the plan, its input files and the encoder settings. */
  planHash: string;
  /** True when an earlier identical render was found and returned as it was. */
  reused: boolean;
};

/** Bump when the output for the same plan changes, so old renders are not reused. */
const RENDERER_VERSION = 1;
const RENDER_FILES = { video: 'video.mp4', poster: 'poster.jpg', thumbnail: 'thumb.jpg', manifest: 'render.json' } as const;
const PART = { video: 'video.part.mp4', poster: 'poster.part.jpg', thumbnail: 'thumb.part.jpg' } as const;

type Manifest = Omit<RenderResult, 'video' | 'poster' | 'thumbnail' | 'reused'> & { version: number; sizes: Record<string, number> };

async function fingerprint(plan: RenderPlan, encode: EncodeSettings): Promise<string> {
  const files = [...plan.scenes.map((scene) => scene.path), plan.voiceOver, plan.logo].filter((file): file is string => Boolean(file));
  const stats = await Promise.all(
    files.map((file) =>
      fsp.stat(file).then(
        (stat) => [file, stat.size, stat.mtimeMs],
        () => [file, null],
      ),
    ),
  );
  return createHash('sha256').update(JSON.stringify({ version: RENDERER_VERSION, fps: DEFAULT_FPS, encode, plan, stats })).digest('hex');
}

async function readManifest(workDir: string): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await fsp.readFile(path.join(workDir, RENDER_FILES.manifest), 'utf8')) as Manifest;
    for (const [name, size] of Object.entries(manifest.sizes)) {
      if ((await fsp.stat(path.join(workDir, name))).size !== size) return null;
    }
    return manifest;
  } catch {
    return null;
  }
}

const resultOf = (workDir: string, manifest: Manifest, reused: boolean): RenderResult => ({
  video: path.join(workDir, RENDER_FILES.video),
  poster: path.join(workDir, RENDER_FILES.poster),
  thumbnail: path.join(workDir, RENDER_FILES.thumbnail),
  duration: manifest.duration,
  width: manifest.width,
  height: manifest.height,
  thumbnailWidth: manifest.thumbnailWidth,
  thumbnailHeight: manifest.thumbnailHeight,
  planHash: manifest.planHash,
  reused,
});

/** Removes everything but what the caller keeps (nothing half-made survives a new attempt). */
async function clearWorkDir(workDir: string) {
  const names = [...Object.values(RENDER_FILES), ...Object.values(PART), 'inputs', 'fonts', 'captions.ass', 'graph.txt', `${RENDER_FILES.manifest}.tmp`];
  await Promise.all(names.map((name) => fsp.rm(path.join(workDir, name), { recursive: true, force: true })));
}

/**
 * Plan → MP4 (1080×1920, H.264 + AAC, faststart), poster JPEG and thumbnail JPEG in `workDir`.
 *
 * Safe to call again after a crash, an abort or a restart: `render.json` is written last, only after every
 * output is complete and renamed into place, so it alone says "done". A call whose plan and inputs match
 * an existing `render.json` returns that render without running ffmpeg; any other call starts from a clean
 * directory. The caller stores the files (media storage) and may then delete `workDir`.
 */
export async function renderVideo(planInput: unknown, options: RenderOptions): Promise<RenderResult> {
  const plan = parseRenderPlan(planInput);
  const encode = { ...DEFAULT_ENCODE, ...options.encode };
  const font = captionFont(plan.captions.font);
  if (!font) throw new RenderError('invalid_plan', `captions.font: '${plan.captions.font}' is not an available font`);
  const { workDir } = options;
  await fsp.mkdir(workDir, { recursive: true });

  const planHash = await fingerprint(plan, encode);
  const existing = await readManifest(workDir);
  if (existing && existing.planHash === planHash && existing.version === RENDERER_VERSION) {
    options.onProgress?.(1);
    return resultOf(workDir, existing, true);
  }
  await clearWorkDir(workDir);
  if (options.signal?.aborted) throw new RenderError('aborted', 'The render was cancelled');

  try {
    const timeline = planTimeline(
      plan.scenes.map((scene) => scene.duration),
      plan.transitions,
    );
    const inputs = await prepareInputs(plan, path.join(workDir, 'inputs'), options.ffprobe);
    const ass = buildAss(plan, timeline, font.family);
    if (ass) {
      await fsp.mkdir(path.join(workDir, 'fonts'));
      await Promise.all(font.files.map((file) => fsp.copyFile(file, path.join(workDir, 'fonts', path.basename(file)))));
      await fsp.writeFile(path.join(workDir, 'captions.ass'), ass);
    }
    const { args, graph } = buildRenderCommand(
      { ...inputs, trimPauses: plan.trimPauses, subtitles: ass ? { file: 'captions.ass', fontsDir: 'fonts' } : undefined },
      timeline,
      PART,
      encode,
    );
    // Kept after a failure: the exact graph is what one needs to reproduce it by hand.
    await fsp.writeFile(path.join(workDir, 'graph.txt'), graph);
    await runFfmpeg({
      ffmpeg: options.ffmpeg,
      args: ['-filter_complex_script', 'graph.txt', ...args],
      cwd: workDir,
      totalSeconds: timeline.duration,
      onProgress: options.onProgress && ((fraction) => options.onProgress!(Math.min(0.99, fraction))),
      onSpawn: options.onFfmpegStart,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      niceness: options.niceness ?? 10,
    });

    const sizes: Record<string, number> = {};
    for (const key of ['video', 'poster', 'thumbnail'] as const) {
      const size = await fsp.stat(path.join(workDir, PART[key])).then((stat) => stat.size, () => 0);
      if (size === 0) throw new RenderError('ffmpeg_failed', 'The video tool finished without writing the video', { detail: `${PART[key]} is missing` });
      await fsp.rename(path.join(workDir, PART[key]), path.join(workDir, RENDER_FILES[key]));
      sizes[RENDER_FILES[key]] = size;
    }
    const manifest: Manifest = {
      version: RENDERER_VERSION,
      planHash,
      duration: timeline.duration,
      width: FRAME.width,
      height: FRAME.height,
      thumbnailWidth: THUMBNAIL.width,
      thumbnailHeight: THUMBNAIL.height,
      sizes,
    };
    const manifestPath = path.join(workDir, RENDER_FILES.manifest);
    await fsp.writeFile(`${manifestPath}.tmp`, JSON.stringify(manifest, null, 2));
    await fsp.rename(`${manifestPath}.tmp`, manifestPath);
    // The prepared inputs can be made again from the plan; only the results stay.
    await Promise.all(['inputs', 'fonts'].map((name) => fsp.rm(path.join(workDir, name), { recursive: true, force: true })));
    options.onProgress?.(1);
    return resultOf(workDir, manifest, false);
  } catch (error) {
    await Promise.all(Object.values(PART).map((name) => fsp.rm(path.join(workDir, name), { force: true })));
    throw error;
  }
}
