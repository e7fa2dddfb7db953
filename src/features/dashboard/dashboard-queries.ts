import { queryOptions } from '@tanstack/react-query';
import { dashboardApi } from './dashboard-api.ts';

// Under ['dashboard'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
const dashboardKeys = { all: ['dashboard'] as const, window: (days: number) => ['dashboard', days] as const };

export const dashboardQueries = {
  window: (days: number) => queryOptions({ queryKey: dashboardKeys.window(days), queryFn: ({ signal }) => dashboardApi.get(days, signal), staleTime: 60_000 }),
};
