import * as v from 'valibot';
import { truncateQuery, VIDEO_LIMITS } from './video-limits.ts';

// Video campaigns (campaigns-spec §2 Video and audio, §3 Video/Script/Video config, §4, §5, §7 Video, §9).
// Messages the spec gives are kept verbatim; the subcategories, styles and bounds it leaves open are ours.

/** What kind of video: the first choice of the script flow. A subcategory with styles asks for one next. */
export const VIDEO_SUBCATEGORIES = [
  {
    id: 'dish_spotlight',
    label: 'Dish spotlight',
    description: 'One dish or drink, up close.',
    styles: [
      { id: 'close_up', label: 'Close-up and slow' },
      { id: 'story', label: 'The story behind it' },
    ],
  },
  { id: 'behind_the_scenes', label: 'Behind the scenes', description: 'The kitchen, the prep, the people.', styles: [] },
  {
    id: 'event',
    label: 'Event or occasion',
    description: 'An evening, a tasting, a holiday.',
    styles: [
      { id: 'invitation', label: 'Invitation' },
      { id: 'recap', label: 'Recap' },
    ],
  },
  { id: 'offer', label: 'Offer', description: 'A deal you are running (say it in your concept).', styles: [] },
  {
    id: 'atmosphere',
    label: 'Atmosphere',
    description: 'What it feels like to be there.',
    styles: [
      { id: 'calm', label: 'Calm' },
      { id: 'lively', label: 'Lively' },
    ],
  },
] as const;

export const stylesOf = (subcategory: string): readonly { id: string; label: string }[] =>
  VIDEO_SUBCATEGORIES.find((entry) => entry.id === subcategory)?.styles ?? [];

export { truncateQuery, VIDEO_LIMITS };

export const VIDEO_MESSAGES = {
  greeting: 'What kind of video would you like to make?',
  scriptCreated: 'Script created successfully',
  scriptError: 'Error creating Script',
  videoError: 'Error creating video',
  needLogo: 'Please add your restaurant logo to create a video.',
  needDetails: 'Please add your restaurant details to create a script.',
  processing: 'Processing...',
  failed: 'Video Generation Failed',
  empty: 'No videos found',
  /** Spec §9, the tooltip of the video home's weekly suggestions (made true by the weekly job, issue 14). */
  weekly: 'Generated videos are re-generated once a week',
} as const;

const VIDEO_STATUSES = ['pending', 'done', 'error'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

// ---- Scripts ----

const ScriptSceneSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Scene id is not valid')),
  /** What the voice says over this scene. */
  narration: v.pipe(v.string('Narration must be text'), v.trim(), v.maxLength(VIDEO_LIMITS.narration, `Narration can be at most ${VIDEO_LIMITS.narration} characters`)),
  /** The words burned in on screen. */
  caption: v.pipe(v.string('Caption must be text'), v.trim(), v.maxLength(VIDEO_LIMITS.caption, `Caption can be at most ${VIDEO_LIMITS.caption} characters`)),
  /** A photo or clip from the media library; null until the owner picks one. */
  media_id: v.nullable(v.pipe(v.string(), v.uuid('Choose a photo or clip from your media'))),
  /** Clips only: seconds into the clip where the scene starts (pulled back when the clip is too short). */
  trim_start: v.optional(v.pipe(v.number('Start must be a number of seconds'), v.minValue(0, 'The start cannot be before the clip begins'), v.maxValue(VIDEO_LIMITS.trimStartMax, `The start is at most ${VIDEO_LIMITS.trimStartMax} seconds into the clip`))),
  /** Seconds on screen. */
  duration: v.pipe(
    v.number('Duration must be a number of seconds'),
    v.minValue(VIDEO_LIMITS.sceneSeconds.min, `A scene lasts at least ${VIDEO_LIMITS.sceneSeconds.min} second`),
    v.maxValue(VIDEO_LIMITS.sceneSeconds.max, `A scene lasts at most ${VIDEO_LIMITS.sceneSeconds.max} seconds`),
  ),
});
export type ScriptScene = v.InferOutput<typeof ScriptSceneSchema>;

export const ScriptSchema = v.object({
  id: v.string(),
  query: v.string(),
  subcategory: v.string(),
  video_style: v.nullable(v.string()),
  title: v.string(),
  scenes: v.array(ScriptSceneSchema),
  /** Which writer made it (builtin or openai). */
  writer: v.string(),
  version: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type Script = v.InferOutput<typeof ScriptSchema>;

/** A suggested script of the video home, written by the weekly job from that week's new photos and clips. */
const VideoSuggestionSchema = v.object({
  id: v.string(),
  title: v.string(),
  query: v.string(),
  subcategory: v.string(),
  video_style: v.nullable(v.string()),
  scenes: v.array(ScriptSceneSchema),
  /** The first scene's photo or clip, to show on the card. */
  media_id: v.nullable(v.string()),
  thumbnail_url: v.nullable(v.string()),
  demo: v.boolean(),
});
export type VideoSuggestion = v.InferOutput<typeof VideoSuggestionSchema>;

export const VideoSuggestionsResponseSchema = v.object({
  results: v.array(VideoSuggestionSchema),
  /** When the suggestions shown were written (null: never yet). */
  refreshed_at: v.nullable(v.string()),
  /** The last weekly run: 'made' (new suggestions) or 'skipped' (nothing new that week, the previous ones kept). */
  last_run: v.nullable(v.object({ week_start: v.string(), outcome: v.picklist(['made', 'skipped']), new_media: v.number() })),
});
export type VideoSuggestionsResponse = v.InferOutput<typeof VideoSuggestionsResponseSchema>;

export const CreateScriptRequestSchema = v.object({
  user_query: v.pipe(
    v.string('Describe your video'),
    v.trim(),
    v.nonEmpty('Describe your video'),
    v.maxLength(VIDEO_LIMITS.query, `Keep the concept under ${VIDEO_LIMITS.query} characters`),
  ),
  subcategory: v.optional(v.string()),
  video_style: v.optional(v.string()),
});
export type CreateScriptRequest = v.InferOutput<typeof CreateScriptRequestSchema>;

export const UpdateScriptRequestSchema = v.object({
  version: v.pipe(v.number('version is required'), v.integer(), v.minValue(1)),
  title: v.pipe(v.string('Title is required'), v.trim(), v.nonEmpty('Title is required'), v.maxLength(VIDEO_LIMITS.title, `Title can be at most ${VIDEO_LIMITS.title} characters`)),
  scenes: v.pipe(
    v.array(ScriptSceneSchema, 'scenes must be a list'),
    v.minLength(1, 'A script needs at least one scene'),
    v.maxLength(VIDEO_LIMITS.scenes, `A script has at most ${VIDEO_LIMITS.scenes} scenes`),
  ),
});
export type UpdateScriptRequest = v.InferOutput<typeof UpdateScriptRequestSchema>;

export const ScriptListQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.picklist([VIDEO_LIMITS.scriptListShort, VIDEO_LIMITS.scriptListLong], 'limit is 5 or 100')), '100'),
});

export const ScriptListResponseSchema = v.object({ results: v.array(ScriptSchema) });
export const CreateScriptResponseSchema = v.object({ id: v.string(), message: v.string() });

// ---- Videos ----

/** Video config (spec §3) as the form's `config` field carries it (JSON text). */
export const VideoConfigSchema = v.object({
  Bold: v.optional(v.boolean('Bold is true or false'), false),
  Italic: v.optional(v.boolean('Italic is true or false'), false),
  HexCode: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'Caption colour is a hex colour like #FFFFFF')), '#FFFFFF'),
  RestaurantName: v.optional(v.boolean('RestaurantName is true or false'), true),
  Transitions: v.optional(v.boolean('Transitions is true or false'), true),
  TrimPauses: v.optional(v.boolean('TrimPauses is true or false'), false),
  Captions: v.optional(v.boolean('Captions is true or false'), true),
});
export type VideoConfig = v.InferOutput<typeof VideoConfigSchema>;

const PublishSchema = v.object({
  publish_id: v.nullable(v.string()),
  /** TikTok's status: PROCESSING_UPLOAD, PUBLISH_COMPLETE, FAILED, ... ('QUEUED' before the first call). */
  status: v.string(),
  error: v.nullable(v.string()),
  privacy_level: v.string(),
  post_id: v.nullable(v.string()),
  published_at: v.nullable(v.string()),
});

const FiguresSchema = v.object({ views: v.number(), likes: v.number(), comments: v.number(), shares: v.number(), taken_at: v.string() });

export const VideoSchema = v.object({
  id: v.string(),
  status: v.picklist(VIDEO_STATUSES),
  /** 0..1 while pending. */
  progress: v.number(),
  /** Plain words for the owner when status is error. */
  error: v.nullable(v.string()),
  script_id: v.nullable(v.string()),
  script_query: v.string(),
  title: v.string(),
  video_url: v.nullable(v.string()),
  poster_url: v.nullable(v.string()),
  duration: v.nullable(v.number()),
  voice: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  publish: v.nullable(PublishSchema),
  figures: v.nullable(FiguresSchema),
  /** Demo data (npm run demo): its publish and figures are made up, not from TikTok. */
  demo: v.boolean(),
});
export type Video = v.InferOutput<typeof VideoSchema>;

export const CreateVideoResponseSchema = v.object({ task_id: v.string(), message: v.string() });
export const VideoListResponseSchema = v.object({ results: v.array(VideoSchema) });
export const VideoListQuerySchema = v.object({
  /** drafts: not published yet; generated: finished renders; published: sent to TikTok. */
  filter: v.optional(v.picklist(['all', 'generated', 'drafts', 'published'], 'filter is all, generated, drafts or published'), 'all'),
  search: v.optional(v.pipe(v.string(), v.maxLength(200, 'Search is at most 200 characters')), ''),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('limit is a whole number'), v.minValue(1, 'limit is at least 1'), v.maxValue(100, 'limit is at most 100')), '100'),
});

export const TIKTOK_PRIVACY_LABELS: Record<string, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

export const CreatorInfoSchema = v.object({
  nickname: v.string(),
  privacy_level_options: v.array(v.string()),
  comment_disabled: v.boolean(),
  max_video_post_duration_sec: v.number(),
});
export type CreatorInfo = v.InferOutput<typeof CreatorInfoSchema>;

export const PublishRequestSchema = v.object({
  privacy_level: v.pipe(v.string('Choose who can see the video'), v.nonEmpty('Choose who can see the video')),
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2200, 'The TikTok caption is at most 2200 characters')), ''),
  disable_comment: v.optional(v.boolean(), false),
});
export type PublishRequest = v.InferOutput<typeof PublishRequestSchema>;

const SnapshotSchema = v.object({ taken_at: v.string(), views: v.number(), likes: v.number(), comments: v.number(), shares: v.number() });
export const VideoAnalyticsSchema = v.object({
  video: VideoSchema,
  snapshots: v.array(SnapshotSchema),
  /** Views gained in the last week, month and year, from the snapshots (null: no snapshot that old yet). */
  coverage: v.object({ week: v.nullable(v.number()), month: v.nullable(v.number()), year: v.nullable(v.number()) }),
});
export type VideoAnalytics = v.InferOutput<typeof VideoAnalyticsSchema>;

export const VideoOptionsSchema = v.object({
  voices: v.array(v.object({ id: v.string(), name: v.string(), language: v.string(), sample: v.string() })),
  tts: v.string(),
  usage: v.object({ used: v.number(), limit: v.number() }),
  tiktok: v.object({ configured: v.boolean(), connected: v.boolean() }),
});
export type VideoOptions = v.InferOutput<typeof VideoOptionsSchema>;

/** Spec §9: the query shown in lists is cut at 40 characters. */
