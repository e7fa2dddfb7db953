import {
  GetSmsCampaignResponseSchema,
  GetTextConversationResponseSchema,
  LaunchTextResponseSchema,
  ListScheduledTextsResponseSchema,
  ListSmsCampaignsResponseSchema,
  ListTextConversationsResponseSchema,
  RegenerateTextResponseSchema,
  TextReadinessResponseSchema,
  TextReportSchema,
  TextSendPreviewResponseSchema,
  TextStatsResponseSchema,
  type ScheduledTextStatus,
} from '../../contract/text.ts';
import { MessageResponseSchema } from '../../contract/common.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

export type TextCampaignView = 'all' | 'drafts' | 'sent';

/** The text calls (server/features/text/text.routes.ts). Chat messages, text edits and schedules go through the outbox (text-mutations.ts). */
export const textApi = {
  readiness: (signal?: AbortSignal) => api('/text/readiness', TextReadinessResponseSchema, { signal }),
  conversations: (signal?: AbortSignal) => api('/text/conversations', ListTextConversationsResponseSchema, { signal }),
  conversation: (conversationId: string, signal?: AbortSignal) => api(`/text/conversations/${id(conversationId)}`, GetTextConversationResponseSchema, { signal }),
  campaigns: (view: TextCampaignView, signal?: AbortSignal) => api(`/text/campaigns?view=${view}`, ListSmsCampaignsResponseSchema, { signal }).then((body) => body.campaigns),
  campaign: (campaignId: string, signal?: AbortSignal) => api(`/text/campaigns/${id(campaignId)}`, GetSmsCampaignResponseSchema, { signal }),
  regenerate: (campaignId: string, version: number) => api('/text/campaigns/regenerate', RegenerateTextResponseSchema, { json: { campaign_id: campaignId, version } }),
  preview: (body: { campaign_id: string; segmentation_id: string; scheduled_time?: string }, signal?: AbortSignal) =>
    api('/text/campaigns/preview', TextSendPreviewResponseSchema, { json: body, signal }),
  launch: (body: { campaign_id: string; segmentation_id: string; holdout_percent?: 0 | 10 }, key: string) =>
    api('/text/campaigns/launch', LaunchTextResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  remove: (campaignId: string) => api(`/text/campaigns/${id(campaignId)}`, MessageResponseSchema, { method: 'DELETE' }),
  report: (campaignId: string, days: number, signal?: AbortSignal) => api(`/text/campaigns/${id(campaignId)}/report?days=${days}`, TextReportSchema, { signal }),
  scheduled: (status: ScheduledTextStatus | null, search: string, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    if (status) params.set('status', status);
    if (search) params.set('search', search);
    const query = params.toString();
    return api(`/text/scheduled${query ? `?${query}` : ''}`, ListScheduledTextsResponseSchema, { signal }).then((body) => body.results);
  },
  cancelScheduled: (scheduledId: string) => api(`/text/scheduled/${id(scheduledId)}/cancel`, MessageResponseSchema, { method: 'POST' }),
  stats: (signal?: AbortSignal) => api('/text/stats', TextStatsResponseSchema, { signal }),
};

