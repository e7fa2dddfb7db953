/**
 * Where every scene sits in the finished video, in whole frames so that video trims, audio cross-fades and
 * caption times agree exactly. With transitions, neighbouring scenes overlap by `transitionFrames`: the
 * video is that much shorter than the sum of the scenes.
 */
type SceneTiming = {
  frames: number;
  /** First frame of this scene in the output. */
  startFrame: number;
  /** Frames shared with the previous scene (its cross-fade in), and with the next one. */
  headFrames: number;
  tailFrames: number;
  /** When this scene's caption shows, in seconds of the output (captions never overlap). */
  captionStart: number;
  captionEnd: number;
};

export type Timeline = {
  fps: number;
  transitionFrames: number;
  totalFrames: number;
  /** Seconds. */
  duration: number;
  scenes: SceneTiming[];
};

export const DEFAULT_FPS = 30;
const TRANSITION_SECONDS = 0.5;

export function planTimeline(durations: number[], transitions: boolean, fps = DEFAULT_FPS): Timeline {
  const frames = durations.map((seconds) => Math.max(1, Math.round(seconds * fps)));
  // A scene keeps at least a third of its frames to itself, so a short scene is never all transition.
  const overlap = transitions && frames.length > 1 ? Math.min(Math.round(TRANSITION_SECONDS * fps), Math.floor(Math.min(...frames) / 3)) : 0;
  const last = frames.length - 1;
  let startFrame = 0;
  const scenes = frames.map((count, index) => {
    const headFrames = index > 0 ? overlap : 0;
    const tailFrames = index < last ? overlap : 0;
    const scene: SceneTiming = {
      frames: count,
      startFrame,
      headFrames,
      tailFrames,
      captionStart: (startFrame + headFrames / 2) / fps,
      captionEnd: (startFrame + count - tailFrames / 2) / fps,
    };
    startFrame += count - overlap;
    return scene;
  });
  const totalFrames = startFrame + overlap;
  return { fps, transitionFrames: overlap, totalFrames, duration: totalFrames / fps, scenes };
}
