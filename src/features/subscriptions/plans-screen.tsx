import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Plan, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { CardModal } from './card-modal.tsx';
import { PlanCard } from './plan-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { subscriptionQueries } from './subscriptions-queries.ts';
import { useSubscribe } from './subscriptions-mutations.ts';
import { UsageBars } from './usage-bars.tsx';

type PlansScreenProps = {
  plans: Plan[];
  summary: SubscriptionSummary;
};

/** The four plans in the server's order (Basic, Professional, Premium, Free) and the owner's usage. */
export function PlansScreen({ plans, summary }: PlansScreenProps) {
  const subscribe = useSubscribe();
  const queryClient = useQueryClient();
  const [cardFor, setCardFor] = useState<Plan | null>(null);
  // No subscription means Free is the active plan (spec §4).
  const activeId = summary.activeSubscription ?? 'free';
  const activePlan = plans.find((plan) => plan.id === activeId);

  const handleUpgrade = async (plan: Plan) => {
    if (plan.id === 'free') return;
    // The stored-card shortcut: with a card on file, subscribe at once. The screen may show a
    // copy kept from before the card was saved, so "no card" is checked with the server first.
    const card = summary.card ?? (await queryClient.fetchQuery({ ...subscriptionQueries.current(), staleTime: 0 }).catch(() => summary)).card;
    if (!card) {
      setCardFor(plan);
      return;
    }
    subscribe.mutate(plan.id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => {
        // The card went away meanwhile (removed elsewhere): take a new one.
        if (error instanceof ApiError && error.code === 'card_required') setCardFor(plan);
        else notifyError(error, 'Failed to subscribe to plan');
      },
    });
  };

  return (
    <Stack gap="lg">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          active={plan.id === activeId}
          endsOn={plan.id === activeId && summary.cancelAtPeriodEnd ? summary.activeSubscriptionEnd : null}
          busy={subscribe.isPending && subscribe.variables === plan.id}
          onUpgrade={(chosen) => void handleUpgrade(chosen)}
        />
      ))}
      {activePlan && <UsageBars usage={summary.usage} planName={activePlan.name} />}
      <CardModal opened={cardFor !== null} onClose={() => setCardFor(null)} plan={cardFor} billing={summary.billing} />
    </Stack>
  );
}
