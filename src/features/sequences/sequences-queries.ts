import { queryOptions } from '@tanstack/react-query';
import type { CampaignType, SequenceStatus } from '../../contract/sequences.ts';
import { sequencesApi } from './sequences-api.ts';

// Hierarchical keys under ['sequences'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const sequenceKeys = {
  all: ['sequences'] as const,
  lists: () => ['sequences', 'list'] as const,
  list: (status: SequenceStatus | 'ALL', search: string) => ['sequences', 'list', status, search] as const,
  detail: (id: string) => ['sequences', 'detail', id] as const,
  preview: (id: string) => ['sequences', 'preview', id] as const,
  report: (id: string, days: number) => ['sequences', 'report', id, days] as const,
  choices: (type: CampaignType) => ['sequences', 'choices', type] as const,
};

export const sequenceQueries = {
  list: (status: SequenceStatus | 'ALL', search: string) => queryOptions({ queryKey: sequenceKeys.list(status, search), queryFn: ({ signal }) => sequencesApi.list(status, search, signal) }),
  detail: (id: string) =>
    queryOptions({
      queryKey: sequenceKeys.detail(id),
      queryFn: ({ signal }) => sequencesApi.get(id, signal),
      // While it runs, the step counts move: look again now and then.
      refetchInterval: (query) => (query.state.data?.status === 'ACTIVE' ? 15_000 : false),
    }),
  preview: (id: string) => queryOptions({ queryKey: sequenceKeys.preview(id), queryFn: ({ signal }) => sequencesApi.preview(id, signal), staleTime: 0 }),
  report: (id: string, days: number) => queryOptions({ queryKey: sequenceKeys.report(id, days), queryFn: ({ signal }) => sequencesApi.report(id, days, signal), staleTime: 30_000 }),
  choices: (type: CampaignType) => queryOptions({ queryKey: sequenceKeys.choices(type), queryFn: ({ signal }) => sequencesApi.choices(type, signal) }),
};
