import * as v from 'valibot';
import {
  SequenceChoicesResponseSchema,
  SequenceListResponseSchema,
  SequencePreviewSchema,
  SequenceReportSchema,
  SequenceSchema,
  type CampaignType,
  type CreateSequenceRequest,
  type SequenceItemInput,
  type SequenceStatus,
} from '../../contract/sequences.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);
export const SequenceActionResponseSchema = v.object({ message: v.string(), sequence: SequenceSchema });
const CreatedResponseSchema = v.object({ message: v.string(), id: v.string(), sequence: SequenceSchema });

/** The sequence calls (server/features/sequences). Edits of an existing sequence go through the outbox (sequences-mutations.ts). */
export const sequencesApi = {
  list: (status: SequenceStatus | 'ALL', search: string, signal?: AbortSignal) =>
    api(`/sequences?status=${status}&search=${encodeURIComponent(search)}`, SequenceListResponseSchema, { signal }).then((body) => body.results),
  get: (sequenceId: string, signal?: AbortSignal) => api(`/sequences/${id(sequenceId)}`, SequenceSchema, { signal }),
  preview: (sequenceId: string, signal?: AbortSignal) => api(`/sequences/${id(sequenceId)}/preview`, SequencePreviewSchema, { signal }),
  report: (sequenceId: string, days: number, signal?: AbortSignal) => api(`/sequences/${id(sequenceId)}/report?days=${days}`, SequenceReportSchema, { signal }),
  choices: (type: CampaignType, signal?: AbortSignal) => api(`/sequences/choices?type=${type}`, SequenceChoicesResponseSchema, { signal }).then((body) => body.results),
  create: (body: CreateSequenceRequest, key: string) => api('/sequences', CreatedResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  addItem: (sequenceId: string, item: SequenceItemInput, key: string) =>
    api(`/sequences/${id(sequenceId)}/items`, v.object({ ...CreatedResponseSchema.entries }), { json: { item }, headers: { 'Idempotency-Key': key } }),
  deleteItem: (sequenceId: string, itemId: string, key: string) =>
    api(`/sequences/${id(sequenceId)}/items/${id(itemId)}`, SequenceActionResponseSchema, { method: 'DELETE', headers: { 'Idempotency-Key': key } }),
};
