import { queryOptions } from '@tanstack/react-query';
import { REPORT_DEFAULT_DAYS } from '../../contract/campaign-results.ts';
import type { EmailDraftFilter } from '../../contract/email-drafts.ts';
import type { TemplateCategory } from '../../contract/email.ts';
import type { ScheduledFilter } from '../../contract/email-campaigns.ts';
import { emailApi } from './email-api.ts';

// Hierarchical keys under ['email'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const emailKeys = {
  all: ['email'] as const,
  drafts: () => ['email', 'drafts'] as const,
  draftList: (status: EmailDraftFilter) => ['email', 'drafts', 'list', status] as const,
  draft: (id: string) => ['email', 'drafts', 'detail', id] as const,
  templates: () => ['email', 'templates'] as const,
  templateList: (category: TemplateCategory | 'all') => ['email', 'templates', 'list', category] as const,
  template: (id: string) => ['email', 'templates', 'detail', id] as const,
  categories: () => ['email', 'template-categories'] as const,
  usage: () => ['email', 'usage'] as const,
  audience: (segmentId: string) => ['email', 'audience', segmentId] as const,
  campaigns: () => ['email', 'campaigns'] as const,
  campaignList: (count: number, offset: number) => ['email', 'campaigns', 'list', count, offset] as const,
  /** Every window of a report sits under `report(id)`, so one invalidation covers them. */
  report: (id: string, days?: number) => (days === undefined ? (['email', 'campaigns', 'report', id] as const) : (['email', 'campaigns', 'report', id, days] as const)),
  scheduled: (filter: string, search: string) => ['email', 'campaigns', 'scheduled', filter, search] as const,
};

export const emailQueries = {
  drafts: (status: EmailDraftFilter) =>
    queryOptions({ queryKey: emailKeys.draftList(status), queryFn: ({ signal }) => emailApi.drafts(status, signal).then((body) => body.results) }),
  draft: (id: string) => queryOptions({ queryKey: emailKeys.draft(id), queryFn: ({ signal }) => emailApi.draft(id, signal) }),
  templates: (category: TemplateCategory | 'all') =>
    queryOptions({
      queryKey: emailKeys.templateList(category),
      queryFn: ({ signal }) => emailApi.templates(category === 'all' ? undefined : category, signal).then((body) => body.results),
      staleTime: 5 * 60_000,
    }),
  template: (id: string) => queryOptions({ queryKey: emailKeys.template(id), queryFn: ({ signal }) => emailApi.template(id, signal) }),
  audience: (segmentId: string) => queryOptions({ queryKey: emailKeys.audience(segmentId), queryFn: ({ signal }) => emailApi.audience(segmentId, signal), staleTime: 0 }),
  /** Spec §9: the home's history asks for 10 from offset 0 and shows 5. */
  campaigns: (count = 10, offset = 0) => queryOptions({ queryKey: emailKeys.campaignList(count, offset), queryFn: ({ signal }) => emailApi.campaigns(count, offset, signal) }),
  report: (id: string, days: number = REPORT_DEFAULT_DAYS) =>
    queryOptions({
      queryKey: emailKeys.report(id, days),
      queryFn: ({ signal }) => emailApi.report(id, days, signal),
      // While it goes out, the figures move: look again every few seconds.
      refetchInterval: (query) => (query.state.data && ['sent', 'canceled', 'failed'].includes(query.state.data.campaign.send.status) ? false : 3000),
    }),
  scheduled: (filter: ScheduledFilter, search: string) =>
    queryOptions({ queryKey: emailKeys.scheduled(filter, search), queryFn: ({ signal }) => emailApi.scheduled(filter, search, signal).then((body) => body.results) }),
  usage: () => queryOptions({ queryKey: emailKeys.usage(), queryFn: ({ signal }) => emailApi.usage(signal) }),
  categories: () => queryOptions({ queryKey: emailKeys.categories(), queryFn: ({ signal }) => emailApi.categories(signal).then((body) => body.results), staleTime: Infinity }),
};
