import { MessageResponseSchema } from '../../contract/common.ts';
import * as v from 'valibot';
import { AudioListResponseSchema, CreateAudioResponseSchema, TrendingResponseSchema, VoiceListResponseSchema, type CreateAudioRequest } from '../../contract/audio.ts';
import { BookingResponseSchema, CreatorListResponseSchema, CreatorSchema, type CreateCreatorRequest } from '../../contract/creators.ts';
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

/** Hire a Pro (server/features/audio/creators.service.ts). */
export const creatorsApi = {
  list: (signal?: AbortSignal) => api('/audio/creators', CreatorListResponseSchema, { signal }),
  add: (body: CreateCreatorRequest, key: string) => api('/audio/creators', v.object({ message: v.string(), creator: CreatorSchema }), { json: body, headers: { 'Idempotency-Key': key } }),
  remove: (id: string) => api(`/audio/creators/${encodeURIComponent(id)}`, MessageResponseSchema, { method: 'DELETE' }),
  book: (id: string, message: string, key: string) => api(`/audio/creators/${encodeURIComponent(id)}/bookings`, BookingResponseSchema, { json: { message }, headers: { 'Idempotency-Key': key } }),
};
