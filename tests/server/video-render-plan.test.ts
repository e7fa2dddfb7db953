import { describe, expect, it } from 'vitest';
import { captionFont, captionFonts } from '../../server/features/video/render/caption-fonts.ts';
import { assColour, assText, assTime, buildAss } from '../../server/features/video/render/render-captions.ts';
import { joinScenes } from '../../server/features/video/render/render-crossfade.ts';
import { parseOutTime } from '../../server/features/video/render/render-ffmpeg.ts';
import { buildRenderCommand } from '../../server/features/video/render/render-graph.ts';
import { parseRenderPlan, type RenderPlan } from '../../server/features/video/render/render-plan.ts';
import { createRenderSlots } from '../../server/features/video/render/render-slots.ts';
import { planTimeline } from '../../server/features/video/render/render-timeline.ts';
import fs from 'node:fs';

const plan = (changes: Partial<RenderPlan> = {}): RenderPlan => ({
  scenes: [
    { kind: 'photo', path: '/a.jpg', duration: 3, caption: 'First' },
    { kind: 'clip', path: '/b.mp4', duration: 4, caption: 'Second' },
    { kind: 'photo', path: '/c.jpg', duration: 3, caption: 'Third' },
  ],
  captions: { enabled: true, bold: true, italic: false, color: '#FFEE00' },
  transitions: true,
  trimPauses: false,
  ...changes,
});

describe('planTimeline', () => {
  it.each([
    { durations: [3, 4, 3], transitions: true, total: 9, overlap: 15 },
    { durations: [3, 4, 3], transitions: false, total: 10, overlap: 0 },
    { durations: [5], transitions: true, total: 5, overlap: 0 },
    // A 1-second scene keeps two thirds of itself: the cross-fade shrinks to 10 frames.
    { durations: [1, 2, 2], transitions: true, total: 5 - 2 * (10 / 30), overlap: 10 },
    { durations: [5.5, 5.5, 5.5, 5.5, 5.5, 5], transitions: true, total: 30, overlap: 15 },
  ])('$durations with transitions $transitions lasts $total s', ({ durations, transitions, total, overlap }) => {
    const timeline = planTimeline(durations, transitions);
    expect(timeline.duration).toBeCloseTo(total, 6);
    expect(timeline.transitionFrames).toBe(overlap);
    expect(timeline.totalFrames).toBe(Math.round(total * 30));
    // Captions follow each other without gaps or overlaps, from the first frame to the last.
    expect(timeline.scenes[0]!.captionStart).toBe(0);
    expect(timeline.scenes.at(-1)!.captionEnd).toBeCloseTo(total, 6);
    for (let i = 1; i < timeline.scenes.length; i++) {
      expect(timeline.scenes[i]!.captionStart).toBeCloseTo(timeline.scenes[i - 1]!.captionEnd, 6);
      expect(timeline.scenes[i]!.startFrame).toBe(timeline.scenes[i - 1]!.startFrame + timeline.scenes[i - 1]!.frames - overlap);
    }
  });
});

describe('captions (ASS)', () => {
  it('converts colours and times to what libass reads', () => {
    expect(assColour('#FFEE00')).toBe('&H0000EEFF');
    expect(assColour('#1a2b3c', 0x80)).toBe('&H803C2B1A');
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(65.257)).toBe('0:01:05.26');
    expect(assTime(3725)).toBe('1:02:05.00');
  });

  it('keeps the owner’s text as text: no override tags, no escapes, typed line breaks kept', () => {
    expect(assText('{\\b0}Half  price\r\nthis   week \\N')).toBe('(/b0)Half price\\Nthis week /N');
  });

  it('writes one timed event per captioned scene in the chosen style, and the name tag', () => {
    const chosen = plan({ restaurantName: 'Rosa’s Bakery' });
    const ass = buildAss(chosen, planTimeline([3, 4, 3], true), 'Source Sans 3')!;
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(ass).toMatch(/Style: Caption,Source Sans 3,72,&H0000EEFF,&H0000EEFF,&H00000000,&H80000000,-1,0,/);
    expect(ass).toContain('Dialogue: 0,0:00:00.00,0:00:02.75,Caption,,0,0,0,,{\\fad(120,120)\\fs72}First');
    expect(ass).toContain('Dialogue: 0,0:00:02.75,0:00:06.25,Caption,,0,0,0,,{\\fad(120,120)\\fs72}Second');
    expect(ass).toContain('Dialogue: 0,0:00:06.25,0:00:09.00,Caption,,0,0,0,,{\\fad(120,120)\\fs72}Third');
    expect(ass).toContain('Dialogue: 1,0:00:00.00,0:00:09.00,Name,,0,0,0,,Rosa’s Bakery');
    const italic = buildAss(plan({ captions: { enabled: true, bold: false, italic: true, color: '#FFFFFF' } }), planTimeline([3, 4, 3], true), 'Source Sans 3')!;
    expect(italic).toMatch(/Style: Caption,Source Sans 3,72,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,0,-1,/);
  });

  it('writes nothing when captions are off and there is no name', () => {
    expect(buildAss(plan({ captions: { enabled: false, bold: false, italic: false, color: '#FFFFFF' } }), planTimeline([3, 4, 3], true), 'x')).toBeNull();
  });

  it('uses a font that ships in npm with its four faces', () => {
    expect(captionFonts().map((font) => font.family)).toEqual(['Source Sans 3']);
    const font = captionFont(undefined)!;
    expect(font.files).toHaveLength(4);
    for (const file of font.files) expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    expect(captionFont('source sans 3')).toEqual(font);
    expect(captionFont('Papyrus')).toBeUndefined();
  });
});

describe('the filter graph', () => {
  it('cross-fades pictures with fade + overlay and sound with afade + amix, cut at the same frames', () => {
    const timeline = planTimeline([3, 4, 3], true);
    const video = joinScenes('v', timeline, 'vcat').join(';');
    const audio = joinScenes('a', timeline, 'abed').join(';');
    expect(video).not.toContain('xfade');
    expect(audio).not.toContain('acrossfade');
    expect(video).toContain('[vh1]trim=start_frame=0:end_frame=15,setpts=PTS-STARTPTS[vhh1]');
    expect(video).toContain('[vhh1]format=yuva420p,fade=t=in:s=0:n=15:alpha=1[vhh1f]');
    expect(video).toContain('[vt0][vhh1f]overlay=eof_action=pass[vx1]');
    expect(video).toContain('[vbb0][vx1][vbb1][vx2][vbb2]concat=n=5:v=1:a=0[vcat]');
    // 15 frames at 30 fps = 24,000 samples at 48 kHz.
    expect(audio).toContain('[ah1]atrim=start_sample=0:end_sample=24000,asetpts=PTS-STARTPTS[ahh1]');
    expect(audio).toContain('[ar0]atrim=start_sample=120000,asetpts=PTS-STARTPTS[at0]');
    expect(audio).toContain('[abb0][ax1][abb1][ax2][abb2]concat=n=5:v=0:a=1[abed]');
  });

  it('builds one ffmpeg run with the video, poster and thumbnail outputs', () => {
    const timeline = planTimeline([3, 4], false);
    const { args, graph } = buildRenderCommand(
      {
        scenes: [
          { kind: 'photo', file: 'p.jpg', motion: 'pan-right' },
          { kind: 'clip', file: 'c.mp4', trimStart: 2, hasAudio: false },
        ],
        voiceOver: 'v.wav',
        trimPauses: true,
        logo: 'l.png',
        subtitles: { file: 'captions.ass', fontsDir: 'fonts' },
      },
      timeline,
      { video: 'out.mp4', poster: 'poster.jpg', thumbnail: 'thumb.jpg' },
    );
    expect(args.join(' ')).toContain('-i p.jpg -ss 2.000 -t 4.500 -i c.mp4 -i l.png -i v.wav');
    expect(args.join(' ')).toContain('-c:v libx264 -preset veryfast -crf 23');
    expect(args.join(' ')).toContain('-movflags +faststart -f mp4 out.mp4');
    expect(args.join(' ')).toMatch(/-map \[vposter\] -frames:v 1 .* poster\.jpg -map \[vthumb\] -frames:v 1 .* thumb\.jpg$/);
    expect(graph).toContain("zoompan=z='1.15':x='(iw-iw/zoom)*on/90'");
    expect(graph).toContain('[v0][v1]concat=n=2:v=1:a=0[vcat]');
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=192000[a1]');
    expect(graph).toContain('silenceremove=start_periods=1');
    expect(graph).toContain('[abed][vokey]sidechaincompress');
    expect(graph).toContain('[vlogo]subtitles=captions.ass:fontsdir=fonts[vsub]');
  });
});

describe('progress and plans', () => {
  it('reads ffmpeg out_time', () => {
    expect(parseOutTime('00:00:12.345678')).toBeCloseTo(12.345678, 6);
    expect(parseOutTime('01:02:03.5')).toBe(3723.5);
    expect(parseOutTime('-577014:32:22.77')).toBeNull();
    expect(parseOutTime('N/A')).toBeNull();
  });

  it('limits a video to three minutes', () => {
    const long = Array.from({ length: 4 }, () => ({ kind: 'photo' as const, path: '/a.jpg', duration: 50 }));
    expect(() => parseRenderPlan(plan({ scenes: long }))).toThrow('scenes: a video can be at most 180 seconds long');
  });
});

describe('render slots (VIDEO_RENDER_CONCURRENCY)', () => {
  it('runs at most `limit` renders at once, in order, and drops a waiting one that is aborted', async () => {
    const slots = createRenderSlots(1);
    const order: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = slots.run(async () => {
      order.push('first starts');
      await gate;
      order.push('first ends');
    });
    const controller = new AbortController();
    const cancelled = slots.run(async () => order.push('cancelled ran'), controller.signal);
    const second = slots.run(async () => order.push('second runs'));
    expect(slots.stats()).toEqual({ running: 1, waiting: 2 });
    controller.abort(new Error('owner cancelled'));
    await expect(cancelled).rejects.toThrow('owner cancelled');
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
    expect(slots.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
