import { Button } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { brandQueries } from '../../features/brand/brand-queries.ts';
import { PlansScreen } from '../../features/subscriptions/plans-screen.tsx';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions-queries.ts';
import { sessionStore } from '../../lib/session.ts';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/subscriptions')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(subscriptionQueries.plans()), context.queryClient.ensureQueryData(subscriptionQueries.current())]),
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  const { data: plans } = useSuspenseQuery(subscriptionQueries.plans());
  const { data: current, isFetchedAfterMount } = useSuspenseQuery(subscriptionQueries.current());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Opened on Free: this may be onboarding's plans step, which goes on to the brand step once a plan is chosen. The
  // copy kept on the phone may be older than the server's, so the first answer fetched here has the last word.
  const openedOnFree = useRef(current.activeSubscription === null);
  const settled = useRef(isFetchedAfterMount);
  if (!settled.current && isFetchedAfterMount) {
    settled.current = true;
    openedOnFree.current = current.activeSubscription === null;
  }

  const handleSubscribed = async () => {
    if (!openedOnFree.current) return;
    const userId = sessionStore.get()?.userId ?? '';
    const brand = await queryClient.fetchQuery(brandQueries.settings(userId)).catch(() => null);
    // A new owner (no brand yet) continues onboarding; an owner who set up long ago stays with their plans.
    if (!brand || brand.complete.missing.length > 0) void navigate({ to: '/brand' });
  };

  return (
    <PageColumn>
      <PageHeader title="Plans">Pick what fits your place. Change or cancel any time.</PageHeader>
      <PlansScreen plans={plans.plans} summary={current} onSubscribed={() => void handleSubscribed()} />
      {/* Onboarding: straight on to the brand step (spec §2). */}
      {current.activeSubscription === null && (
        <Button component={Link} to="/brand" variant="default" size="lg" fullWidth mt="lg">
          Skip
        </Button>
      )}
    </PageColumn>
  );
}
