import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { customerMetricsKey, customerMetricsQuery } from './customer-metrics-query.ts';
import { customersApi, type CustomerFilters } from './customers-api.ts';

// Hierarchical keys under ['customers'] (persisted for offline reading, see src/lib/offline/persisted-queries.ts).
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (filters: CustomerFilters) => ['customers', 'list', filters.sort, filters.search.trim().toLowerCase()] as const,
  metrics: customerMetricsKey,
  details: () => ['customers', 'detail'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export const customerQueries = {
  list: (filters: CustomerFilters) =>
    infiniteQueryOptions({
      queryKey: customerKeys.list(filters),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => customersApi.list(filters, pageParam, signal),
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  metrics: customerMetricsQuery,
  detail: (id: string) =>
    queryOptions({
      queryKey: customerKeys.detail(id),
      queryFn: ({ signal }) => customersApi.get(id, signal).then((body) => body.customer),
    }),
};
