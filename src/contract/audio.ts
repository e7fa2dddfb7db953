import * as v from 'valibot';

// Audio campaigns (campaigns-spec §2 Audio page and Trending Audios page, §3 Audio and Trending audio, §7 voices
// list, generated audios list, trending audios and its refresh call, §8 empty states, §9 audio text 35).

export const AUDIO_LIMITS = {
  /** The text to speak (the speech providers take at most 4096 characters). */
  text: 1000,
  /** Spec §9: audio text is cut at 35 characters in lists. */
  textShown: 35,
  list: 100,
} as const;

export const AUDIO_MESSAGES = {
  greeting: 'What kind of audio would you like to make?',
  empty: 'No Audios Found',
  trendingEmpty: 'No audios found',
  created: 'Generated Successfully!!',
  deleted: 'Item deleted successfully',
} as const;

/** A voice template: its sample plays from `sample_url` (real speech from the engine, made once and kept). */
const VoiceTemplateSchema = v.object({
  id: v.string(),
  name: v.string(),
  language: v.string(),
  sample: v.string(),
  sample_url: v.string(),
  /** builtin: eSpeak NG inside Mise (robotic); openai: the speech service set in TTS_BASE_URL. */
  engine: v.picklist(['builtin', 'openai']),
});
export type VoiceTemplate = v.InferOutput<typeof VoiceTemplateSchema>;
export const VoiceListResponseSchema = v.object({ engine: v.picklist(['builtin', 'openai']), results: v.array(VoiceTemplateSchema) });

const AudioSchema = v.object({
  id: v.string(),
  text: v.string(),
  voice: v.string(),
  /** The voice template's name when it is still offered, else the voice id. */
  voice_name: v.string(),
  engine: v.string(),
  audio_url: v.string(),
  mime_type: v.string(),
  duration: v.nullable(v.number()),
  created_at: v.string(),
  demo: v.boolean(),
});
export type Audio = v.InferOutput<typeof AudioSchema>;
export const AudioListResponseSchema = v.object({ results: v.array(AudioSchema) });
export const CreateAudioResponseSchema = v.object({ message: v.string(), audio: AudioSchema });

export const CreateAudioRequestSchema = v.object({
  text: v.pipe(
    v.string('Type what the voice should say'),
    v.trim(),
    v.nonEmpty('Type what the voice should say'),
    v.maxLength(AUDIO_LIMITS.text, `Keep the text under ${AUDIO_LIMITS.text} characters`),
  ),
  voice: v.pipe(v.string('Choose a voice'), v.nonEmpty('Choose a voice')),
});
export type CreateAudioRequest = v.InferOutput<typeof CreateAudioRequestSchema>;

// ---- Trending audios ----

/** One sound, gathered from the most-viewed recent videos that use it (figures are sums over those videos). */
const TrendingSoundSchema = v.object({
  music_id: v.string(),
  /** The hashtags most used with it, most frequent first (spec: data.hashtags). */
  hashtags: v.array(v.string()),
  play_count: v.number(),
  comments: v.number(),
  shares: v.number(),
  likes: v.number(),
  /** How many of the gathered videos use it. */
  videos: v.number(),
  /** TikTok's page of the sound, where it can be saved and used (TikTok offers no file download). */
  url: v.string(),
});
export type TrendingSound = v.InferOutput<typeof TrendingSoundSchema>;

export const TrendingResponseSchema = v.object({
  /** none: no source is set up (the page says what it needs); tiktok_research: TikTok's Research API. */
  source: v.picklist(['none', 'tiktok_research']),
  region: v.string(),
  fetched_at: v.nullable(v.string()),
  results: v.array(TrendingSoundSchema),
  /** What the source needs, in words for the owner, when it is not set up. */
  setup: v.nullable(v.string()),
});
export type TrendingResponse = v.InferOutput<typeof TrendingResponseSchema>;

/** Spec §9: audio text shown at 35 characters. */
export const truncateAudioText = (text: string, length: number = AUDIO_LIMITS.textShown) => (text.length > length ? `${text.slice(0, length)}…` : text);
