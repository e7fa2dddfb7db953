import * as v from 'valibot';
import { MessageResponseSchema } from '../../contract/common.ts';
import {
  CreateScriptResponseSchema,
  CreateVideoResponseSchema,
  CreatorInfoSchema,
  ScriptListResponseSchema,
  ScriptSchema,
  VideoAnalyticsSchema,
  VideoListResponseSchema,
  VideoOptionsSchema,
  VideoSchema,
  VideoSuggestionsResponseSchema,
  type CreateScriptRequest,
  type PublishRequest,
  type UpdateScriptRequest,
} from '../../contract/video.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

export type VideoListFilter = 'all' | 'generated' | 'drafts' | 'published';

/** The video calls (server/features/video). */
export const videoApi = {
  options: (signal?: AbortSignal) => api('/video/options', VideoOptionsSchema, { signal }),
  scripts: (limit: 5 | 100, signal?: AbortSignal) => api(`/video/scripts?limit=${limit}`, ScriptListResponseSchema, { signal }).then((body) => body.results),
  script: (scriptId: string, signal?: AbortSignal) => api(`/video/scripts/${id(scriptId)}`, ScriptSchema, { signal }),
  createScript: (body: CreateScriptRequest, key: string) => api('/video/scripts', CreateScriptResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  updateScript: (scriptId: string, body: UpdateScriptRequest, key: string) =>
    api(`/video/scripts/${id(scriptId)}`, v.object({ message: v.string(), script: ScriptSchema }), { method: 'PUT', json: body, headers: { 'Idempotency-Key': key } }),
  createVideo: (form: FormData, key: string) => api('/video/videos', CreateVideoResponseSchema, { form, headers: { 'Idempotency-Key': key } }),
  videos: (filter: VideoListFilter, search: string, limit: number, signal?: AbortSignal) =>
    api(`/video/videos?filter=${filter}&limit=${limit}${search ? `&search=${encodeURIComponent(search)}` : ''}`, VideoListResponseSchema, { signal }).then((body) => body.results),
  video: (videoId: string, signal?: AbortSignal) => api(`/video/videos/${id(videoId)}`, VideoSchema, { signal }),
  retry: (videoId: string) => api(`/video/videos/${id(videoId)}/retry`, MessageResponseSchema, { method: 'POST' }),
  creatorInfo: (signal?: AbortSignal) => api('/video/tiktok/creator-info', CreatorInfoSchema, { signal }),
  publish: (videoId: string, body: PublishRequest, key: string) =>
    api(`/video/videos/${id(videoId)}/publish`, v.object({ message: v.string(), video: VideoSchema }), { json: body, headers: { 'Idempotency-Key': key } }),
  /** Spec §2: keyed by TikTok's publish_id (a video id is understood too, for a video whose publish has none yet). */
  analytics: (publishId: string, signal?: AbortSignal) => api(`/video/analytics/${id(publishId)}`, VideoAnalyticsSchema, { signal }),
  /** The video home's weekly suggestions (server/features/video/video-suggestions.ts). */
  suggestions: (signal?: AbortSignal) => api('/video/suggestions', VideoSuggestionsResponseSchema, { signal }),
  scriptFromSuggestion: (suggestionId: string, key: string) =>
    api(`/video/suggestions/${id(suggestionId)}/script`, CreateScriptResponseSchema, { method: 'POST', headers: { 'Idempotency-Key': key } }),
  refreshFigures: () => api('/video/figures/refresh', MessageResponseSchema, { method: 'POST' }),
};
