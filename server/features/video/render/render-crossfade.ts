import type { Timeline } from './render-timeline.ts';

/**
 * Joins the scene streams [v0]..[vN] (pictures) or [a0]..[aN] (sound) into one, with cross-fades when the
 * timeline overlaps scenes. The bundled ffmpeg 4.1 has no `xfade`, and its `acrossfade` is unsafe in a
 * graph with video (it fades as soon as the next input has queued enough samples, not when the first one
 * ends, and cuts the sound short), so both are built the same way from parts:
 *
 *   scene i  = head (fades in over the previous tail) + body + tail (under the next head)
 *   timeline = concat(body0, fade(tail0, head1), body1, fade(tail1, head2), ..., bodyN)
 *
 * Pictures: the head gets an alpha `fade` and is `overlay`ed on the tail. Sound: `afade` out and in, then
 * `amix`. Only the overlapping frames are blended, so a cross-fade costs almost nothing.
 */
export const AUDIO_RATE = 48000;

type Kind = 'v' | 'a';

function trim(kind: Kind, fps: number, from: number, to?: number): string {
  if (kind === 'v') return `trim=start_frame=${from}${to === undefined ? '' : `:end_frame=${to}`},setpts=PTS-STARTPTS`;
  // Whole frames at 30 fps are whole samples at 48 kHz (1600 per frame), so picture and sound cut alike.
  const perFrame = AUDIO_RATE / fps;
  return `atrim=start_sample=${from * perFrame}${to === undefined ? '' : `:end_sample=${to * perFrame}`},asetpts=PTS-STARTPTS`;
}

function blend(kind: Kind, fps: number, tail: string, head: string, frames: number, out: string): string[] {
  if (kind === 'v') {
    return [`[${head}]format=yuva420p,fade=t=in:s=0:n=${frames}:alpha=1[${head}f]`, `[${tail}][${head}f]overlay=eof_action=pass[${out}]`];
  }
  const seconds = (frames / fps).toFixed(6);
  return [
    `[${tail}]afade=t=out:d=${seconds}[${tail}f]`,
    `[${head}]afade=t=in:d=${seconds}[${head}f]`,
    // amix halves each input; doubling gives back tail·(1−t) + head·t.
    `[${tail}f][${head}f]amix=inputs=2:duration=longest:dropout_transition=0,volume=2[${out}]`,
  ];
}

/** Filter lines that turn [k0]..[kN] into [out]. */
export function joinScenes(kind: Kind, timeline: Timeline, out: string): string[] {
  const count = timeline.scenes.length;
  const label = (name: string, i: number) => `${kind}${name}${i}`;
  const split = kind === 'v' ? 'split' : 'asplit';
  const concat = (inputs: string[]) => `${inputs.map((name) => `[${name}]`).join('')}concat=n=${inputs.length}:v=${kind === 'v' ? 1 : 0}:a=${kind === 'a' ? 1 : 0}[${out}]`;
  if (count === 1) return [`[${kind}0]${kind === 'v' ? 'null' : 'anull'}[${out}]`];
  if (timeline.transitionFrames === 0) return [concat(timeline.scenes.map((_, i) => `${kind}${i}`))];

  const lines: string[] = [];
  const segments: string[] = [];
  timeline.scenes.forEach((scene, i) => {
    const parts = [scene.headFrames ? label('h', i) : null, label('b', i), scene.tailFrames ? label('r', i) : null].filter((p): p is string => p !== null);
    lines.push(`[${kind}${i}]${split}=${parts.length}${parts.map((p) => `[${p}]`).join('')}`);
    const bodyEnd = scene.frames - scene.tailFrames;
    if (scene.headFrames) {
      lines.push(`[${label('h', i)}]${trim(kind, timeline.fps, 0, scene.headFrames)}[${label('hh', i)}]`);
      lines.push(...blend(kind, timeline.fps, label('t', i - 1), label('hh', i), scene.headFrames, label('x', i)));
      segments.push(label('x', i));
    }
    lines.push(`[${label('b', i)}]${trim(kind, timeline.fps, scene.headFrames, bodyEnd)}[${label('bb', i)}]`);
    segments.push(label('bb', i));
    if (scene.tailFrames) lines.push(`[${label('r', i)}]${trim(kind, timeline.fps, bodyEnd)}[${label('t', i)}]`);
  });
  lines.push(concat(segments));
  return lines;
}
