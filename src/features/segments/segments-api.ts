import { MessageResponseSchema } from '../../contract/common.ts';
import {
  SegmentCountsResponseSchema,
  SegmentCustomersResponseSchema,
  SegmentDetailSchema,
  SegmentListResponseSchema,
  SegmentPreviewResponseSchema,
  SegmentSummarySchema,
  type SegmentDefinition,
} from '../../contract/segments.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

/** The segments calls (server/features/segments). */
export const segmentsApi = {
  list: (signal?: AbortSignal) => api('/segments', SegmentListResponseSchema, { signal }),
  counts: (signal?: AbortSignal) => api('/segments/counts', SegmentCountsResponseSchema, { signal }),
  detail: (segmentId: string, signal?: AbortSignal) => api(`/segments/${id(segmentId)}`, SegmentDetailSchema, { signal }),
  customers: (segmentId: string, page: number, signal?: AbortSignal) =>
    api(`/segments/${id(segmentId)}/customers?page=${page}`, SegmentCustomersResponseSchema, { signal }),
  previewQuery: (userQuery: string, signal?: AbortSignal) => api('/segments/preview', SegmentPreviewResponseSchema, { json: { user_query: userQuery }, signal }),
  previewDefinition: (definition: SegmentDefinition, signal?: AbortSignal) =>
    api('/segments/preview', SegmentPreviewResponseSchema, { json: { definition }, signal }),
  create: (body: { segmentation_title: string; definition: SegmentDefinition; user_query?: string }) =>
    api('/segments', SegmentSummarySchema, { json: body }),
  rename: (segmentId: string, title: string) => api(`/segments/${id(segmentId)}`, SegmentSummarySchema, { method: 'PATCH', json: { segmentation_title: title } }),
  remove: (segmentId: string) => api(`/segments/${id(segmentId)}`, MessageResponseSchema, { method: 'DELETE' }),
};
