import { queryOptions } from '@tanstack/react-query';
import { REPORT_DEFAULT_DAYS } from '../../contract/campaign-results.ts';
import type { ScheduledTextStatus } from '../../contract/text.ts';
import { textApi, type TextCampaignView } from './text-api.ts';

// Hierarchical keys under ['text'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const textKeys = {
  all: ['text'] as const,
  readiness: () => ['text', 'readiness'] as const,
  conversations: () => ['text', 'conversations'] as const,
  conversationList: () => ['text', 'conversations', 'list'] as const,
  conversation: (id: string) => ['text', 'conversations', 'detail', id] as const,
  campaigns: () => ['text', 'campaigns'] as const,
  campaignList: (view: TextCampaignView) => ['text', 'campaigns', 'list', view] as const,
  campaign: (id: string) => ['text', 'campaigns', 'detail', id] as const,
  /** Every window of a report sits under `report(id)`, so one invalidation covers them. */
  report: (id: string, days?: number) => (days === undefined ? (['text', 'campaigns', 'report', id] as const) : (['text', 'campaigns', 'report', id, days] as const)),
  scheduled: (status: ScheduledTextStatus | null, search: string) => ['text', 'campaigns', 'scheduled', status ?? 'all', search] as const,
  preview: (campaignId: string, segmentId: string, at: string | null) => ['text', 'preview', campaignId, segmentId, at ?? 'now'] as const,
};

export const textQueries = {
  readiness: () => queryOptions({ queryKey: textKeys.readiness(), queryFn: ({ signal }) => textApi.readiness(signal), staleTime: 30_000 }),
  conversations: () => queryOptions({ queryKey: textKeys.conversationList(), queryFn: ({ signal }) => textApi.conversations(signal) }),
  conversation: (id: string) => queryOptions({ queryKey: textKeys.conversation(id), queryFn: ({ signal }) => textApi.conversation(id, signal) }),
  campaigns: (view: TextCampaignView) => queryOptions({ queryKey: textKeys.campaignList(view), queryFn: ({ signal }) => textApi.campaigns(view, signal) }),
  campaign: (id: string) => queryOptions({ queryKey: textKeys.campaign(id), queryFn: ({ signal }) => textApi.campaign(id, signal) }),
  report: (id: string, days: number = REPORT_DEFAULT_DAYS) =>
    queryOptions({
      queryKey: textKeys.report(id, days),
      queryFn: ({ signal }) => textApi.report(id, days, signal),
      // While it goes out (and while carriers report delivery), the figures move: look again every few seconds.
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data) return false;
        return ['sent', 'canceled', 'failed'].includes(data.send.status) && data.pending === 0 ? false : 4000;
      },
    }),
  scheduled: (status: ScheduledTextStatus | null, search: string) =>
    queryOptions({ queryKey: textKeys.scheduled(status, search), queryFn: ({ signal }) => textApi.scheduled(status, search, signal) }),
  preview: (campaignId: string, segmentId: string, at: string | null) =>
    queryOptions({
      queryKey: textKeys.preview(campaignId, segmentId, at),
      queryFn: ({ signal }) => textApi.preview({ campaign_id: campaignId, segmentation_id: segmentId, ...(at ? { scheduled_time: at } : {}) }, signal),
      staleTime: 0,
    }),
};
