import { queryOptions } from '@tanstack/react-query';
import { subscriptionsApi } from './subscriptions-api.ts';

/** ['plans', …] is kept on the device: the plans and the owner's plan read offline. */
export const plansKeys = {
  all: ['plans'] as const,
  list: () => ['plans', 'list'] as const,
  current: () => ['plans', 'current'] as const,
};

export const subscriptionQueries = {
  plans: () => queryOptions({ queryKey: plansKeys.list(), queryFn: ({ signal }) => subscriptionsApi.plans(signal), staleTime: 10 * 60_000 }),
  /** Always re-checked when a screen opens: a copy restored from the device may predate the last change. */
  current: () => queryOptions({ queryKey: plansKeys.current(), queryFn: ({ signal }) => subscriptionsApi.current(signal), staleTime: 0 }),
};
