import { MessageResponseSchema } from '../../contract/common.ts';
import * as v from 'valibot';
import { AudioListResponseSchema, CreateAudioResponseSchema, TrendingResponseSchema, VoiceListResponseSchema, type CreateAudioRequest } from '../../contract/audio.ts';
import { api } from '../../lib/api.ts';

/** The audio calls (server/features/audio). */
export const audioApi = {
  voices: (signal?: AbortSignal) => api('/audio/voices', VoiceListResponseSchema, { signal }),
  audios: (signal?: AbortSignal) => api('/audio/audios', AudioListResponseSchema, { signal }).then((body) => body.results),
  create: (body: CreateAudioRequest, key: string) => api('/audio/audios', CreateAudioResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  remove: (id: string) => api(`/audio/audios/${encodeURIComponent(id)}`, MessageResponseSchema, { method: 'DELETE' }),
  trending: (signal?: AbortSignal) => api('/audio/trending', TrendingResponseSchema, { signal }),
  refreshTrending: () => api('/audio/trending/refresh', v.object({ message: v.string(), trending: TrendingResponseSchema }), { method: 'POST' }),
};
