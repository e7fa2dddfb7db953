import { Center, Loader, Modal, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BuiltinCardRequest, Plan, SubscriptionSummary } from '../../contract/subscriptions.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { BuiltinCardForm } from './builtin-card-form.tsx';
import { dollarsPerMonth, money } from './money.ts';
import { useSaveCard, useSubscribe } from './subscriptions-mutations.ts';

// Stripe.js is only fetched when a Stripe-billed owner opens the card form.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((module) => ({ default: module.StripeCardForm })));

type CardModalProps = {
  opened: boolean;
  onClose: () => void;
  /** the plan to subscribe to once the card is saved; null just saves or replaces the card */
  plan: Plan | null;
  billing: SubscriptionSummary['billing'];
  onSubscribed?: (plan: Plan) => void;
};

/** Spec §4: with no card on file, Upgrade opens this with the chosen plan. */
export function CardModal({ opened, onClose, plan, billing, onSubscribed }: CardModalProps) {
  const saveCard = useSaveCard();
  const subscribe = useSubscribe();
  const busy = saveCard.isPending || subscribe.isPending;
  const submitLabel = plan ? `Subscribe to ${plan.name}` : 'Save card';

  const afterCardSaved = () => {
    if (!plan || plan.id === 'free') {
      notifySuccess('Card saved');
      onClose();
      return;
    }
    subscribe.mutate(plan.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        onClose();
        onSubscribed?.(plan);
      },
      onError: (error) => notifyError(error, 'Failed to subscribe to plan'),
    });
  };

  const handleBuiltin = (card: BuiltinCardRequest, onServerError: (error: unknown) => void) =>
    saveCard.mutate(card, {
      onSuccess: afterCardSaved,
      onError: (error) => {
        onServerError(error);
        notifyError(error, plan ? 'Failed to subscribe to plan' : 'Something went wrong.');
      },
    });

  const handleStripe = (setupIntentId: string) =>
    saveCard.mutate(
      { provider: 'stripe', setupIntentId },
      { onSuccess: afterCardSaved, onError: (error) => notifyError(error, plan ? 'Failed to subscribe to plan' : 'Something went wrong.') },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={plan ? `Add a card for ${plan.name}` : 'Replace your card'} size="md" fullScreen={false} centered>
      {plan && (
        <Text c="dimmed" mb="md">
          {plan.name} is {dollarsPerMonth(plan.price)}: {money(plan.price)} is charged today, then every month. Cancel any time.
        </Text>
      )}
      {billing.provider === 'stripe' && billing.publishableKey ? (
        <Suspense
          fallback={
            <Center mih={160}>
              <Loader aria-label="Loading the card form" />
            </Center>
          }
        >
          <StripeCardForm publishableKey={billing.publishableKey} submitLabel={submitLabel} busy={busy} onConfirmed={handleStripe} />
        </Suspense>
      ) : (
        <BuiltinCardForm submitLabel={submitLabel} busy={busy} onSubmit={handleBuiltin} />
      )}
    </Modal>
  );
}
