import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderVideo, type RenderOptions } from '../../server/features/video/render/render-video.ts';
import { RenderError, type RenderPlan } from '../../server/features/video/render/render-plan.ts';
import { createEspeakProvider } from '../../server/providers/tts/espeak-provider.ts';
import { resolveVideoBinaries } from '../../server/providers/video/video.ts';

const { ffmpeg, ffprobe } = resolveVideoBinaries({});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-render-'));
const input = (name: string) => path.join(tmp, 'inputs', name);

function run(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(binary, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout + stderr))),
  );
}

type Probe = { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
const probe = async (file: string) => JSON.parse(await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])) as Probe;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const options = (workDir: string, extra: Partial<RenderOptions> = {}): RenderOptions => ({ workDir: path.join(tmp, workDir), ffmpeg, ffprobe, ...extra });

let plan: RenderPlan;

beforeAll(async () => {
  fs.mkdirSync(path.join(tmp, 'inputs'));
  const tts = createEspeakProvider();
  const [voice] = await Promise.all([
    tts.speak({ text: 'Fresh bread every morning. See you at the bakery!', voice: 'en-us-female' }),
    // A plain dark photo, so the burned-in caption and logo can be found by their colours.
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 30, b: 60 } } }).jpeg().toFile(input('dark.jpg')),
    // A portrait PNG photo and a 720p clip with sound, made by ffmpeg's own test sources.
    run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=900x1600', '-frames:v', '1', input('pattern.png')]),
    run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=1280x720:r=25:d=4', '-f', 'lavfi', '-i', 'sine=f=440:d=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', input('clip.mp4')]),
    // An orange logo with a transparent border.
    sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 240, height: 240, channels: 4, background: { r: 255, g: 120, b: 0, alpha: 1 } } }, top: 30, left: 30 }])
      .png()
      .toFile(input('logo.png')),
  ]);
  await tts.close();
  fs.writeFileSync(input('voice.wav'), voice.data);
  plan = {
    scenes: [
      { kind: 'photo', path: input('dark.jpg'), duration: 1.5, caption: 'Fresh bread every morning' },
      { kind: 'clip', path: input('clip.mp4'), trimStart: 1, duration: 2, caption: 'Baked in house {since} 1998 — come early!' },
      { kind: 'photo', path: input('pattern.png'), duration: 1.5 },
    ],
    voiceOver: input('voice.wav'),
    logo: input('logo.png'),
    captions: { enabled: true, bold: true, italic: true, color: '#FFEE00' },
    transitions: true,
    trimPauses: true,
    restaurantName: 'Rosa’s Bakery',
  };
}, 60_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('renderVideo', () => {
  it('stops ffmpeg when aborted and leaves nothing that looks finished; the same directory then renders cleanly', async () => {
    const controller = new AbortController();
    let pid = 0;
    const aborted = renderVideo(plan, options('render', {
      onFfmpegStart: (started) => (pid = started),
      onProgress: (fraction) => fraction > 0 && controller.abort(),
      signal: controller.signal,
    }));
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted', message: 'The render was cancelled' });
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
    const left = fs.readdirSync(path.join(tmp, 'render'));
    expect(left.filter((name) => /video|poster|thumb|render\.json/.test(name))).toEqual([]);

    // The render a restarted job would run: same plan, same directory.
    const progress: number[] = [];
    const result = await renderVideo(plan, options('render', { onProgress: (fraction) => progress.push(fraction) }));
    expect(result.reused).toBe(false);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // 1.5 + 2 + 1.5 seconds, overlapped by two half-second cross-fades.
    expect(result.duration).toBe(4);
    const info = await probe(result.video);
    expect(Number(info.format.duration)).toBeGreaterThan(3.95);
    expect(Number(info.format.duration)).toBeLessThan(4.1);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // faststart: the index (moov) comes before the media data (mdat).
    const head = fs.readFileSync(result.video).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));

    // The voice-over is in the sound track, not silence.
    const loudness = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', result.video, '-af', 'volumedetect', '-f', 'null', '-']);
    expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(loudness)![1])).toBeGreaterThan(-40);

    // Poster and thumbnail are JPEGs of the first scene, with the caption and the logo burned in.
    const poster = await sharp(result.poster).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 360, height: 640 });
    const { data } = await sharp(result.poster).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1080 + x) * 3, (y * 1080 + x) * 3 + 3)];
    let yellow = 0;
    for (let y = 1200; y < 1500; y += 2) {
      for (let x = 100; x < 980; x += 2) {
        const [r, g, b] = pixel(x, y);
        if (r! > 200 && g! > 190 && b! < 90) yellow++;
      }
    }
    expect(yellow).toBeGreaterThan(300);
    // The logo's orange square sits in the top-right corner; the photo behind it is dark blue.
    const [r, g, b] = pixel(1080 - 70 - 95, 120 + 95);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(80);
    expect(g).toBeLessThan(170);
    expect(b).toBeLessThan(60);
    expect(pixel(500, 900)[2]).toBeGreaterThan(pixel(500, 900)[0]!);

    // The same plan again is the finished render, not a second run of ffmpeg.
    let ranAgain = false;
    const again = await renderVideo(plan, options('render', { onFfmpegStart: () => (ranAgain = true) }));
    expect(again).toEqual({ ...result, reused: true });
    expect(ranAgain).toBe(false);
  }, 180_000);

  it('renders photos only, without voice-over, captions or transitions', async () => {
    const result = await renderVideo(
      {
        scenes: [
          { kind: 'photo', path: input('pattern.png'), duration: 1 },
          { kind: 'photo', path: input('dark.jpg'), duration: 1, caption: 'not shown' },
        ],
        captions: { enabled: false, bold: false, italic: false, color: '#FFFFFF' },
        transitions: false,
        trimPauses: false,
      },
      options('photos-only'),
    );
    expect(result.duration).toBe(2);
    const info = await probe(result.video);
    expect(Number(info.format.duration)).toBeCloseTo(2, 1);
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(fs.existsSync(path.join(tmp, 'photos-only', 'captions.ass'))).toBe(false);
  }, 120_000);

  it('gives up when the time limit passes', async () => {
    let pid = 0;
    const slow = renderVideo(plan, options('too-slow', { timeoutMs: 200, onFfmpegStart: (started) => (pid = started) }));
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
    expect(fs.existsSync(path.join(tmp, 'too-slow', 'render.json'))).toBe(false);
  }, 60_000);

  it('names what is wrong with a plan or its files', async () => {
    const attempt = (changes: Partial<RenderPlan>) => renderVideo({ ...plan, ...changes }, options('bad'));
    await expect(attempt({ scenes: [] })).rejects.toThrow('scenes: at least one scene is required');
    await expect(attempt({ captions: { ...plan.captions, color: 'yellow' } })).rejects.toThrow('captions.color: color is a hex colour like #FFFFFF');
    await expect(attempt({ scenes: [{ ...plan.scenes[0]!, duration: 0.2 }] })).rejects.toThrow('scenes.0.duration: duration must be at least 1 second');
    await expect(attempt({ captions: { ...plan.captions, font: 'Comic Sans' } })).rejects.toThrow("captions.font: 'Comic Sans' is not an available font");
    await expect(attempt({ scenes: [plan.scenes[0]!, { kind: 'photo', path: input('nowhere.jpg'), duration: 2 }] })).rejects.toThrow(
      "Scene 2's photo is missing; choose it again from the media library",
    );
    fs.writeFileSync(input('notes.jpg'), 'not a picture at all');
    const unreadable = attempt({ scenes: [{ kind: 'photo', path: input('notes.jpg'), duration: 2 }] });
    await expect(unreadable).rejects.toBeInstanceOf(RenderError);
    await expect(attempt({ scenes: [{ kind: 'clip', path: input('notes.jpg'), duration: 2 }] })).rejects.toThrow("Scene 1's clip could not be read as a video");
    await expect(attempt({ scenes: [{ kind: 'clip', path: input('voice.wav'), duration: 2 }] })).rejects.toThrow("Scene 1's clip could not be read as a video");
    await expect(attempt({ voiceOver: input('dark.jpg') })).rejects.toThrow('The voice-over could not be read as audio');
  }, 60_000);
});
