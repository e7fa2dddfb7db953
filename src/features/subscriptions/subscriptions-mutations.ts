import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlanId, SaveCardRequest, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { sessionStore } from '../../lib/session.ts';
import { profileKeys } from '../profile/profile-queries.ts';
import { subscriptionsApi } from './subscriptions-api.ts';
import { plansKeys } from './subscriptions-queries.ts';

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
    void queryClient.invalidateQueries({ queryKey: profileKeys.me });
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
