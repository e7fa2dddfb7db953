import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { FRAME } from './render-captions.ts';
import { PHOTO_MOTIONS, PHOTO_OVERSCAN, type GraphScene } from './render-graph.ts';
import { RenderError, type RenderPlan } from './render-plan.ts';
import { imageInput } from '../../../lib/image-limits.ts';

/** What ffprobe tells about a clip or a voice-over. */
type MediaProbe = { duration: number; hasVideo: boolean; hasAudio: boolean };

const LOGO_BOX = 190;
const ordinal = (index: number) => `Scene ${index + 1}`;

function probeMedia(ffprobe: string, file: string): Promise<MediaProbe | null> {
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_entries', 'format=duration:stream=codec_type,width,height', file],
      { timeout: 30_000, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(null);
        try {
          const parsed = JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number }[]; format?: { duration?: string } };
          const streams = parsed.streams ?? [];
          const duration = Number(parsed.format?.duration);
          resolve({
            duration: Number.isFinite(duration) ? duration : 0,
            // A file that merely looks like an image (no decodable picture) reports a 0×0 video stream.
            hasVideo: streams.some((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0),
            hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
          });
        } catch {
          resolve(null);
        }
      },
    );
  });
}

async function mustExist(file: string, what: string) {
  try {
    const stat = await fsp.stat(file);
    if (!stat.isFile() || stat.size === 0) throw new Error('empty');
  } catch {
    throw new RenderError('input_missing', `${what} is missing; choose it again from the media library`);
  }
}

/**
 * A photo as zoompan wants it: upright (EXIF), flattened, cropped to 9:16 around its most interesting part
 * and sized 1.2× the frame. sharp reads formats the bundled ffmpeg cannot (AVIF, HEIF) and does the big
 * resize once instead of per frame.
 */
async function preparePhoto(source: string, target: string, what: string) {
  try {
    await sharp(source, imageInput)
      .rotate()
      .resize(Math.round(FRAME.width * PHOTO_OVERSCAN), Math.round(FRAME.height * PHOTO_OVERSCAN), { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#000000' })
      .jpeg({ quality: 90 })
      .toFile(target);
  } catch (error) {
    throw new RenderError('input_unreadable', `${what} could not be read as a photo`, { cause: error });
  }
}

async function prepareLogo(source: string, target: string) {
  try {
    await sharp(source, imageInput).rotate().resize(LOGO_BOX, LOGO_BOX, { fit: 'inside' }).png().toFile(target);
  } catch (error) {
    throw new RenderError('input_unreadable', 'The logo could not be read as an image', { cause: error });
  }
}

export type PreparedInputs = { scenes: GraphScene[]; voiceOver?: string; logo?: string };

/** Checks every input and brings photos and the logo into shape under `inputsDir`; clips are used as they are. */
export async function prepareInputs(plan: RenderPlan, inputsDir: string, ffprobe: string): Promise<PreparedInputs> {
  await fsp.mkdir(inputsDir, { recursive: true });
  // Photos take turns through the motions, whatever clips sit between them.
  const photoTurn = plan.scenes.map((_, index) => plan.scenes.slice(0, index).filter((scene) => scene.kind === 'photo').length);
  const scenes = plan.scenes.map(async (scene, index): Promise<GraphScene> => {
    const what = `${ordinal(index)}'s ${scene.kind}`;
    await mustExist(scene.path, what);
    if (scene.kind === 'photo') {
      const file = path.join(inputsDir, `scene-${index + 1}.jpg`);
      await preparePhoto(scene.path, file, what);
      return { kind: 'photo', file, motion: PHOTO_MOTIONS[photoTurn[index]! % PHOTO_MOTIONS.length]! };
    }
    const probe = await probeMedia(ffprobe, scene.path);
    if (!probe?.hasVideo) throw new RenderError('input_unreadable', `${what} could not be read as a video`);
    // A start past the clip's end is pulled back so the scene still shows the clip's last seconds.
    const trimStart = Math.max(0, Math.min(scene.trimStart ?? 0, probe.duration - scene.duration));
    return { kind: 'clip', file: scene.path, trimStart, hasAudio: probe.hasAudio };
  });
  const voiceOver = plan.voiceOver
    ? mustExist(plan.voiceOver, 'The voice-over').then(async () => {
        const probe = await probeMedia(ffprobe, plan.voiceOver!);
        if (!probe?.hasAudio) throw new RenderError('input_unreadable', 'The voice-over could not be read as audio');
        return plan.voiceOver;
      })
    : undefined;
  const logo = plan.logo
    ? mustExist(plan.logo, 'The logo').then(async () => {
        const file = path.join(inputsDir, 'logo.png');
        await prepareLogo(plan.logo!, file);
        return file;
      })
    : undefined;
  // Every input settles before the first failure is thrown: a retry that clears `inputsDir` must never race a
  // photo still being written by this attempt.
  const settled = await Promise.allSettled([...scenes, voiceOver, logo]);
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  const values = settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value);
  return {
    scenes: values.slice(0, scenes.length) as GraphScene[],
    voiceOver: values[scenes.length] as string | undefined,
    logo: values[scenes.length + 1] as string | undefined,
  };
}
