import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { subscriptionsApi } from './subscriptions-api.ts';

type StripeCardFormProps = {
  publishableKey: string;
  submitLabel: string;
  busy: boolean;
  /** The confirmed SetupIntent; the server reads the card from Stripe. */
  onConfirmed: (setupIntentId: string) => void;
};

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Stripe's Payment Element: the card goes from the phone to Stripe, never through our server. */
export function StripeCardForm({ publishableKey, submitLabel, busy, onConfirmed }: StripeCardFormProps) {
  // A fresh SetupIntent each time the form opens.
  const setup = useQuery({ queryKey: ['stripe-setup', publishableKey], queryFn: () => subscriptionsApi.cardSetup(), gcTime: 0, staleTime: Infinity, retry: false });
  if (setup.isPending) {
    return (
      <Center mih={160}>
        <Loader aria-label="Loading the card form" />
      </Center>
    );
  }
  if (setup.isError) return <Alert color="red">{setup.error.message || 'The card form could not be loaded.'}</Alert>;
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: setup.data.clientSecret }}>
      <ConfirmSetup submitLabel={submitLabel} busy={busy} onConfirmed={onConfirmed} />
    </Elements>
  );
}

function ConfirmSetup({ submitLabel, busy, onConfirmed }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setConfirming(true);
    setError(null);
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
    setConfirming(false);
    if (result.error) setError(result.error.message ?? 'The card was not accepted.');
    else if (result.setupIntent?.id) onConfirmed(result.setupIntent.id);
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)}>
      <Stack gap="md">
        <PaymentElement />
        {error && <Alert color="red">{error}</Alert>}
        <Button type="submit" size="lg" fullWidth loading={confirming || busy} disabled={!stripe}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
