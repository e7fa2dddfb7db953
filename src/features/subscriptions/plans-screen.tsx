import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardOnFile, Plan, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { CardModal } from './card-modal.tsx';
import { PlanCard } from './plan-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { cardBrandName, longDate, money } from './money.ts';
import { subscriptionQueries } from './subscriptions-queries.ts';
import { useSubscribe } from './subscriptions-mutations.ts';
import { UsageBars } from './usage-bars.tsx';

type PlansScreenProps = {
  plans: Plan[];
  summary: SubscriptionSummary;
  /** After a plan was chosen (e.g. onboarding moves on to the brand step). */
  onSubscribed?: (plan: Plan) => void;
};

/** A month from today, as the built-in billing (and Stripe's new period) counts it. */
const nextMonth = (from = new Date()) => {
  const next = new Date(from);
  next.setMonth(next.getMonth() + 1);
  return next.toISOString();
};

/** The four plans in the server's order (Basic, Professional, Premium, Free) and the owner's usage. */
export function PlansScreen({ plans, summary, onSubscribed }: PlansScreenProps) {
  const subscribe = useSubscribe();
  const queryClient = useQueryClient();
  const [cardFor, setCardFor] = useState<Plan | null>(null);
  const [confirm, setConfirm] = useState<{ plan: Plan; card: CardOnFile } | null>(null);
  // No subscription means Free is the active plan (spec §4).
  const activeId = summary.activeSubscription ?? 'free';
  const activePlan = plans.find((plan) => plan.id === activeId);
  const activePrice = activePlan?.price ?? 0;

  const handleChoose = async (plan: Plan) => {
    if (plan.id === 'free') return;
    // The screen may show a copy kept from before the card was saved, so "no card" is checked with the server first.
    const card = summary.card ?? (await queryClient.fetchQuery({ ...subscriptionQueries.current(), staleTime: 0 }).catch(() => summary)).card;
    if (!card) {
      setCardFor(plan);
      return;
    }
    // A card on file is never charged by one tap: the owner sees the amount and the date first.
    setConfirm({ plan, card });
  };

  const handleConfirmed = (plan: Plan) =>
    subscribe.mutate(plan.id as Exclude<Plan['id'], 'free'>, {
      onSuccess: ({ message }) => {
        setConfirm(null);
        notifySuccess(message);
        onSubscribed?.(plan);
      },
      onError: (error) => {
        setConfirm(null);
        // The card went away meanwhile (removed elsewhere): take a new one.
        if (error instanceof ApiError && error.code === 'card_required') setCardFor(plan);
        else notifyError(error, 'Failed to subscribe to plan');
      },
    });

  const downgrade = confirm !== null && confirm.plan.price < activePrice;
  const stripe = summary.billing.provider === 'stripe';

  return (
    <Stack gap="lg">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          active={plan.id === activeId}
          change={plan.price < activePrice ? 'downgrade' : 'upgrade'}
          endsOn={plan.id === activeId && summary.cancelAtPeriodEnd ? summary.activeSubscriptionEnd : null}
          busy={subscribe.isPending && subscribe.variables === plan.id}
          onChoose={(chosen) => void handleChoose(chosen)}
        />
      ))}
      {activePlan && <UsageBars usage={summary.usage} planName={activePlan.name} />}
      <CardModal
        opened={cardFor !== null}
        onClose={() => setCardFor(null)}
        plan={cardFor}
        billing={summary.billing}
        onSubscribed={(plan) => onSubscribed?.(plan)}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? `${downgrade ? 'Downgrade' : 'Upgrade'} to ${confirm.plan.name}?` : ''}
        centered
      >
        {confirm && (
          <Stack gap="md" data-testid="plan-change-confirm">
            {downgrade && (
              <Text>
                This takes effect now: {activePlan?.name}'s extras stop today and {confirm.plan.name}'s limits apply from today.
              </Text>
            )}
            <Text>
              {cardBrandName(confirm.card.brand)} •••• {confirm.card.last4} is charged{' '}
              <Text span fw={700}>
                {money(confirm.plan.price)} today
              </Text>
              {stripe && activePrice > 0 ? ', less what is left of your current plan,' : ''} and {money(confirm.plan.price)} every month from{' '}
              {longDate(nextMonth())}. Cancel any time.
            </Text>
            <Button size="lg" onClick={() => handleConfirmed(confirm.plan)} loading={subscribe.isPending}>
              {downgrade ? `Downgrade and pay ${money(confirm.plan.price)}` : `Pay ${money(confirm.plan.price)} and upgrade`}
            </Button>
            <Button variant="default" size="lg" onClick={() => setConfirm(null)}>
              Keep {activePlan?.name ?? 'my plan'}
            </Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
