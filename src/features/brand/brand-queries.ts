import { queryOptions } from '@tanstack/react-query';
import { brandApi } from './brand-api.ts';

/** ['brand', …] is kept on the device, so the brand reads offline too. */
export const brandKeys = {
  all: ['brand'] as const,
  settings: (userId: string) => ['brand', 'settings', userId] as const,
};

export const brandQueries = {
  settings: (userId: string) => queryOptions({ queryKey: brandKeys.settings(userId), queryFn: ({ signal }) => brandApi.get(userId, signal) }),
};
