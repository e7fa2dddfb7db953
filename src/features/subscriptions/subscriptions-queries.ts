import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlanId, SaveCardRequest, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { sessionStore } from '../../lib/session.ts';
import { subscriptionsApi } from './subscriptions-api.ts';

/** ['plans', …] is kept on the device: the plans and the owner's plan read offline. */
export const plansKeys = {
  all: ['plans'] as const,
  list: () => ['plans', 'list'] as const,
  current: () => ['plans', 'current'] as const,
};

export const plansQueryOptions = () =>
  queryOptions({ queryKey: plansKeys.list(), queryFn: ({ signal }) => subscriptionsApi.plans(signal), staleTime: 10 * 60_000 });

/** Always re-checked when a screen opens: a copy restored from the device may predate the last change. */
export const currentPlanQueryOptions = () =>
  queryOptions({ queryKey: plansKeys.current(), queryFn: ({ signal }) => subscriptionsApi.current(signal), staleTime: 0 });

function useApplySummary() {
  const queryClient = useQueryClient();
  return (summary: SubscriptionSummary) => {
    queryClient.setQueryData(plansKeys.current(), summary);
    // The session carries the plan too (spec §3), so every screen knows it at once.
    sessionStore.update({
      activeSubscription: summary.activeSubscription,
      activeSubscriptionStart: summary.activeSubscriptionStart,
      activeSubscriptionEnd: summary.activeSubscriptionEnd,
    });
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  };
}

export function useSubscribe() {
  const apply = useApplySummary();
  return useMutation({
    mutationFn: (planId: PaidPlanId) => subscriptionsApi.subscribe(planId),
    onSuccess: ({ subscription }) => apply(subscription),
  });
}

export function useCancelPlan() {
  const apply = useApplySummary();
  return useMutation({
    mutationFn: () => subscriptionsApi.cancel(),
    onSuccess: ({ subscription }) => apply(subscription),
  });
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCardRequest) => subscriptionsApi.saveCard(body),
    onSuccess: ({ card }) => {
      queryClient.setQueryData(plansKeys.current(), (summary: SubscriptionSummary | undefined) => (summary ? { ...summary, card } : summary));
      void queryClient.invalidateQueries({ queryKey: plansKeys.current() });
    },
  });
}
