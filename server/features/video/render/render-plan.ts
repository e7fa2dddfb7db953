import * as v from 'valibot';

/**
 * What to render, in the owner's terms: scenes from the media library, an optional voice-over and logo, and
 * the options of the question flow. Paths are local files (the caller downloads stored media first).
 */
const SceneSchema = v.object({
  kind: v.picklist(['clip', 'photo'], 'kind is clip or photo'),
  path: v.pipe(v.string(), v.minLength(1, 'path is required')),
  /** Seconds into the clip where the scene starts (clips only; pulled back when the clip is too short). */
  trimStart: v.optional(v.pipe(v.number(), v.minValue(0, 'trimStart cannot be negative'))),
  /** Seconds this scene stays on screen, transitions included. */
  duration: v.pipe(v.number(), v.minValue(1, 'duration must be at least 1 second'), v.maxValue(60, 'duration can be at most 60 seconds')),
  caption: v.optional(v.pipe(v.string(), v.maxLength(300, 'caption can be at most 300 characters'))),
});

const RenderPlanSchema = v.object({
  scenes: v.pipe(v.array(SceneSchema), v.minLength(1, 'at least one scene is required'), v.maxLength(30, 'at most 30 scenes')),
  voiceOver: v.optional(v.pipe(v.string(), v.minLength(1))),
  logo: v.optional(v.pipe(v.string(), v.minLength(1))),
  captions: v.object({
    enabled: v.boolean(),
    bold: v.boolean(),
    italic: v.boolean(),
    color: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'color is a hex colour like #FFFFFF')),
    /** A family from `captionFonts`; the default when omitted. */
    font: v.optional(v.string()),
  }),
  transitions: v.boolean(),
  trimPauses: v.boolean(),
  /** Shown as a name tag at the top when given. */
  restaurantName: v.optional(v.pipe(v.string(), v.maxLength(80, 'restaurantName can be at most 80 characters'))),
});

export type RenderPlan = v.InferOutput<typeof RenderPlanSchema>;

const MAX_VIDEO_SECONDS = 180;

export type RenderErrorReason = 'invalid_plan' | 'input_missing' | 'input_unreadable' | 'aborted' | 'timeout' | 'ffmpeg_failed';

/** A render failure; `message` is in plain words for the owner ("Video Generation Failed" + reason). */
export class RenderError extends Error {
  readonly reason: RenderErrorReason;
  /** The last lines ffmpeg printed, for the logs (never shown to the owner). */
  readonly detail?: string;
  constructor(reason: RenderErrorReason, message: string, options?: { cause?: unknown; detail?: string }) {
    super(message, options);
    this.name = 'RenderError';
    this.reason = reason;
    this.detail = options?.detail;
  }
}

/** Validates a plan; the error names the field, like every other bad input in Mise. */
export function parseRenderPlan(input: unknown): RenderPlan {
  const result = v.safeParse(RenderPlanSchema, input);
  if (!result.success) {
    const issue = result.issues[0];
    throw new RenderError('invalid_plan', `${v.getDotPath(issue) ?? 'plan'}: ${issue.message}`);
  }
  const plan = result.output;
  const total = plan.scenes.reduce((sum, scene) => sum + scene.duration, 0);
  if (total > MAX_VIDEO_SECONDS) throw new RenderError('invalid_plan', `scenes: a video can be at most ${MAX_VIDEO_SECONDS} seconds long`);
  return plan;
}
