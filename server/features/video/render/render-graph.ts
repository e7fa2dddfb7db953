import { FRAME, SAFE } from './render-captions.ts';
import { AUDIO_RATE, joinScenes } from './render-crossfade.ts';
import type { Timeline } from './render-timeline.ts';

/**
 * The whole render as ONE ffmpeg run with one filter graph: every scene is decoded once, nothing is encoded
 * twice, and the poster and thumbnail come out of the same pass (cross-fades: render-crossfade.ts).
 */

/** How a photo moves: a slow zoom in or out, or a slow pan (zoompan on an image 1.2× the frame). */
export type PhotoMotion = 'zoom-in' | 'zoom-out' | 'pan-right' | 'pan-left';
export const PHOTO_MOTIONS: PhotoMotion[] = ['zoom-in', 'pan-right', 'zoom-out', 'pan-left'];
/** Photos are prepared at this multiple of the frame so zoompan only ever scales down (sharp, no blur). */
export const PHOTO_OVERSCAN = 1.2;

export type GraphScene =
  | { kind: 'photo'; file: string; motion: PhotoMotion }
  | { kind: 'clip'; file: string; trimStart: number; hasAudio: boolean };

export type GraphInputs = {
  scenes: GraphScene[];
  voiceOver?: string;
  trimPauses: boolean;
  logo?: string;
  /** Relative to ffmpeg's working directory, so the filter graph needs no path escaping. */
  subtitles?: { file: string; fontsDir: string };
};

export type EncodeSettings = { preset: string; crf: number; audioBitrate: string };
export const DEFAULT_ENCODE: EncodeSettings = { preset: 'veryfast', crf: 23, audioBitrate: '128k' };

export type GraphOutputs = { video: string; poster: string; thumbnail: string };
export const THUMBNAIL = { width: 360, height: 640 } as const;

// How far a photo zooms or pans: 15 %, inside the 20 % overscan.
const ZOOM = 0.15;

function zoompan(motion: PhotoMotion, frames: number, fps: number): string {
  const progress = `on/${frames}`;
  const centreX = '(iw-iw/zoom)/2';
  const centreY = '(ih-ih/zoom)/2';
  const [z, x, y] =
    motion === 'zoom-in'
      ? [`1+${ZOOM}*${progress}`, centreX, centreY]
      : motion === 'zoom-out'
        ? [`${1 + ZOOM}-${ZOOM}*${progress}`, centreX, centreY]
        : motion === 'pan-right'
          ? [`${1 + ZOOM}`, `(iw-iw/zoom)*${progress}`, centreY]
          : [`${1 + ZOOM}`, `(iw-iw/zoom)*(1-${progress})`, centreY];
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${FRAME.width}x${FRAME.height}:fps=${fps}`;
}

/** The ffmpeg arguments (after the binary) and the filter graph, which goes to a script file. */
export function buildRenderCommand(inputs: GraphInputs, timeline: Timeline, outputs: GraphOutputs, encode: EncodeSettings = DEFAULT_ENCODE) {
  const { fps, totalFrames } = timeline;
  const args: string[] = [];
  const graph: string[] = [];
  let nextInput = 0;

  // Scenes: one input each, each brought to exactly its frame count at 1080×1920, 30 fps, yuv420p.
  const sceneAudio: string[] = [];
  inputs.scenes.forEach((scene, i) => {
    const frames = timeline.scenes[i]!.frames;
    const samples = (frames * AUDIO_RATE) / fps;
    const index = nextInput++;
    if (scene.kind === 'photo') {
      args.push('-i', scene.file);
      graph.push(`[${index}:v]format=yuv420p,${zoompan(scene.motion, frames, fps)},setsar=1[v${i}]`);
    } else {
      // Input seeking (-ss before -i) is fast and frame-accurate; half a second spare for the trim below.
      args.push('-ss', scene.trimStart.toFixed(3), '-t', (frames / fps + 0.5).toFixed(3), '-i', scene.file);
      // Crop to 9:16 first so only the kept region is scaled; a clip too short is held on its last frame.
      graph.push(
        `[${index}:v]fps=${fps},crop=w='2*trunc(min(iw,ih*9/16)/2)':h='2*trunc(min(ih,iw*16/9)/2)',scale=${FRAME.width}:${FRAME.height},setsar=1,format=yuv420p,` +
          `tpad=stop=-1:stop_mode=clone,trim=end_frame=${frames},setpts=PTS-STARTPTS[v${i}]`,
      );
    }
    sceneAudio.push(
      scene.kind === 'clip' && scene.hasAudio
        ? `[${index}:a]aformat=sample_fmts=fltp:sample_rates=${AUDIO_RATE}:channel_layouts=stereo,apad,atrim=end_sample=${samples},asetpts=PTS-STARTPTS[a${i}]`
        : `anullsrc=r=${AUDIO_RATE}:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=${samples}[a${i}]`,
    );
  });

  // Pictures and sound of the scenes joined in order, cross-faded when the timeline overlaps them.
  graph.push(...joinScenes('v', timeline, 'vcat'));

  // Logo in the top-right corner (one decoded frame, repeated), then captions on top of everything.
  let video = 'vcat';
  if (inputs.logo) {
    const index = nextInput++;
    args.push('-i', inputs.logo);
    graph.push(`[${index}:v]format=rgba[logo]`, `[${video}][logo]overlay=x=W-w-${SAFE.side - 40}:y=${SAFE.top - 30}:eof_action=repeat[vlogo]`);
    video = 'vlogo';
  }
  if (inputs.subtitles) {
    graph.push(`[${video}]subtitles=${inputs.subtitles.file}:fontsdir=${inputs.subtitles.fontsDir}[vsub]`);
    video = 'vsub';
  }
  const first = timeline.scenes[0]!;
  const posterFrame = Math.max(0, Math.min(Math.round(fps * 0.8), first.frames - first.tailFrames - 1));
  graph.push(
    `[${video}]split=2[vout][vsnap]`,
    // trim (not select) so the branch ends after its frame: an open branch that never delivers makes
    // ffmpeg pull pictures far ahead of the sound and queue them.
    `[vsnap]trim=start_frame=${posterFrame}:end_frame=${posterFrame + 1},split=2[vposter][vthumbsrc]`,
    `[vthumbsrc]scale=${THUMBNAIL.width}:${THUMBNAIL.height}[vthumb]`,
  );

  // Audio: the scenes' own sound (cross-faded like the pictures), ducked under the voice-over.
  graph.push(...sceneAudio, ...joinScenes('a', timeline, 'abed'));
  const ending = `afade=t=out:st=${Math.max(0, totalFrames / fps - 0.4).toFixed(3)}:d=0.4,atrim=end_sample=${(totalFrames * AUDIO_RATE) / fps}`;
  if (inputs.voiceOver) {
    const index = nextInput++;
    args.push('-i', inputs.voiceOver);
    // Trim pauses: drop leading silence and shorten every pause over 0.4 s to 0.25 s.
    const trim = inputs.trimPauses
      ? ',silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.1:stop_periods=-1:stop_duration=0.4:stop_threshold=-45dB:stop_silence=0.25'
      : '';
    graph.push(
      `[${index}:a]aformat=sample_fmts=fltp:sample_rates=${AUDIO_RATE}:channel_layouts=stereo${trim},apad,asplit=2[vokey][vomix]`,
      '[abed][vokey]sidechaincompress=threshold=0.03:ratio=8:attack=15:release=350[ducked]',
      // amix halves each input; volume=2 restores the levels and the limiter catches the peaks.
      `[ducked][vomix]amix=inputs=2:duration=first:dropout_transition=0,volume=2,alimiter=limit=0.95,${ending}[aout]`,
    );
  } else {
    graph.push(`[abed]${ending}[aout]`);
  }

  args.push(
    '-map', '[vout]', '-map', '[aout]',
    '-c:v', 'libx264', '-preset', encode.preset, '-crf', String(encode.crf), '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-g', String(fps * 2),
    '-c:a', 'aac', '-b:a', encode.audioBitrate, '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart', '-f', 'mp4', outputs.video,
    '-map', '[vposter]', '-frames:v', '1', '-q:v', '2', '-f', 'image2', '-update', '1', outputs.poster,
    '-map', '[vthumb]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-update', '1', outputs.thumbnail,
  );
  return { args, graph: graph.join(';\n') };
}
