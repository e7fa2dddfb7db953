import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/** What ffprobe tells us about a video file. */
type VideoInfo = { duration: number; width: number | null; height: number | null };

export type VideoTools = {
  /** null when the file holds no decodable video stream. */
  probe: (file: string) => Promise<VideoInfo | null>;
  /** One frame (PNG bytes, at most 1280 px wide) taken at `atSeconds`. */
  posterFrame: (file: string, atSeconds: number) => Promise<Buffer>;
  /** Seconds of any media file (audio too), from ffprobe's format duration; null when it cannot tell. */
  duration: (file: string) => Promise<number | null>;
  /** The ffmpeg and ffprobe binaries, for work that runs them itself (the video renderer's child process). */
  binaries: () => { ffmpeg: string; ffprobe: string };
};

const require = createRequire(import.meta.url);

/** FFMPEG_PATH / FFPROBE_PATH when set, else the binaries the @ffmpeg-installer / @ffprobe-installer packages ship. */
export function resolveVideoBinaries(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }) {
  const ffmpeg = env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const ffprobe = env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  return { ffmpeg, ffprobe };
}

function run(binary: string, args: string[], encoding: 'utf8' | 'buffer'): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { encoding, maxBuffer: 32 * 1024 * 1024, timeout: 60_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

export function createVideoTools(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): VideoTools {
  let binaries: ReturnType<typeof resolveVideoBinaries> | undefined;
  const bin = () => (binaries ??= resolveVideoBinaries(env));

  return {
    binaries: bin,

    async duration(file) {
      try {
        const output = (await run(bin().ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], 'utf8')) as string;
        const seconds = Number(output.trim());
        return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
      } catch {
        return null;
      }
    },

    async probe(file) {
      let output: string;
      try {
        output = (await run(
          bin().ffprobe,
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'v:0', file],
          'utf8',
        )) as string;
      } catch {
        return null;
      }
      const parsed = JSON.parse(output) as {
        streams?: { width?: number; height?: number; duration?: string; codec_type?: string }[];
        format?: { duration?: string };
      };
      const stream = parsed.streams?.find((s) => s.codec_type === 'video');
      if (!stream) return null;
      const duration = Number(parsed.format?.duration ?? stream.duration);
      return {
        duration: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : 0,
        width: stream.width ?? null,
        height: stream.height ?? null,
      };
    },

    async posterFrame(file, atSeconds) {
      const frame = (await run(
        bin().ffmpeg,
        ['-v', 'error', '-ss', String(Math.max(0, atSeconds)), '-i', file, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-f', 'image2pipe', '-vcodec', 'png', '-'],
        'buffer',
      )) as Buffer;
      if (frame.length === 0) throw new Error('ffmpeg produced no frame');
      return frame;
    },
  };
}
