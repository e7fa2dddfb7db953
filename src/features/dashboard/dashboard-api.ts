import { DashboardSchema } from '../../contract/dashboard.ts';
import { api } from '../../lib/api.ts';

export const dashboardApi = {
  get: (days: number, signal?: AbortSignal) => api(`/dashboard?days=${days}`, DashboardSchema, { signal }),
};
