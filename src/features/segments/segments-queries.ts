import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { segmentsApi } from './segments-api.ts';

// Hierarchical keys under ['segments'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const segmentKeys = {
  all: ['segments'] as const,
  list: () => ['segments', 'list'] as const,
  counts: () => ['segments', 'counts'] as const,
  detail: (id: string) => ['segments', 'detail', id] as const,
  customers: (id: string) => ['segments', 'customers', id] as const,
};

export const segmentQueries = {
  list: () => queryOptions({ queryKey: segmentKeys.list(), queryFn: ({ signal }) => segmentsApi.list(signal) }),
  /** Live sizes for the list's cards; re-checked every time the list opens (customers come and go). */
  counts: () => queryOptions({ queryKey: segmentKeys.counts(), queryFn: ({ signal }) => segmentsApi.counts(signal), staleTime: 0 }),
  detail: (id: string) => queryOptions({ queryKey: segmentKeys.detail(id), queryFn: ({ signal }) => segmentsApi.detail(id, signal) }),
  /** Pages from 1; the server says which page comes next (null on the last). */
  customers: (id: string) =>
    infiniteQueryOptions({
      queryKey: segmentKeys.customers(id),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => segmentsApi.customers(id, pageParam, signal),
      getNextPageParam: (last) => last.next ?? undefined,
    }),
};
