import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../../../features/subscriptions/page-loader.tsx';
import { PaymentCard } from '../../../features/subscriptions/payment-card.tsx';
import { currentPlanQueryOptions, plansQueryOptions } from '../../../features/subscriptions/plans-query.ts';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/settings/payment')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions());
    void context.queryClient.prefetchQuery(currentPlanQueryOptions());
  },
  component: PaymentPage,
});

function PaymentPage() {
  const plans = useQuery(plansQueryOptions());
  const current = useQuery(currentPlanQueryOptions());
  if (plans.isError || current.isError) return <Alert color="red">{(plans.error ?? current.error)?.message ?? 'Something went wrong'}</Alert>;
  if (!plans.data || !current.data) return <PageLoader label="Loading your card" />;
  return (
    <PageColumn>
      <PageHeader title="Payment">The card your plan is billed to. We keep only its brand and last four digits.</PageHeader>
      <PaymentCard summary={current.data} plans={plans.data.plans} />
    </PageColumn>
  );
}
