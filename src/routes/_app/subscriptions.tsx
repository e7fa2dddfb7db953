import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageLoader } from '../../features/subscriptions/page-loader.tsx';
import { currentPlanQueryOptions, plansQueryOptions } from '../../features/subscriptions/plans-query.ts';
import { PlansScreen } from '../../features/subscriptions/plans-screen.tsx';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/subscriptions')({
  // Not awaited: the screen shows its own loader until both answers are in.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions());
    void context.queryClient.prefetchQuery(currentPlanQueryOptions());
  },
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  const plans = useQuery(plansQueryOptions());
  const current = useQuery(currentPlanQueryOptions());
  if (plans.isError || current.isError) {
    return (
      <PageColumn>
        <PageHeader title="Plans" />
        <Alert color="red">{(plans.error ?? current.error)?.message ?? 'Something went wrong'}</Alert>
      </PageColumn>
    );
  }
  if (!plans.data || !current.data) return <PageLoader label="Loading plans" />;
  return (
    <PageColumn>
      <PageHeader title="Plans">Pick what fits your place. Change or cancel any time.</PageHeader>
      <PlansScreen plans={plans.data.plans} summary={current.data} />
      {/* Onboarding: straight on to the brand step (spec §2). */}
      {current.data.activeSubscription === null && (
        <Button component={Link} to="/brand" variant="default" size="lg" fullWidth mt="lg">
          Skip
        </Button>
      )}
    </PageColumn>
  );
}
