import { Button } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PlansScreen } from '../../features/subscriptions/plans-screen.tsx';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions-queries.ts';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/subscriptions')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(subscriptionQueries.plans()), context.queryClient.ensureQueryData(subscriptionQueries.current())]),
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  const { data: plans } = useSuspenseQuery(subscriptionQueries.plans());
  const { data: current } = useSuspenseQuery(subscriptionQueries.current());
  return (
    <PageColumn>
      <PageHeader title="Plans">Pick what fits your place. Change or cancel any time.</PageHeader>
      <PlansScreen plans={plans.plans} summary={current} />
      {/* Onboarding: straight on to the brand step (spec §2). */}
      {current.activeSubscription === null && (
        <Button component={Link} to="/brand" variant="default" size="lg" fullWidth mt="lg">
          Skip
        </Button>
      )}
    </PageColumn>
  );
}
