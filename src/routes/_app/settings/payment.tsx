import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PaymentCard } from '../../../features/subscriptions/payment-card.tsx';
import { subscriptionQueries } from '../../../features/subscriptions/subscriptions-queries.ts';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/settings/payment')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(subscriptionQueries.plans()), context.queryClient.ensureQueryData(subscriptionQueries.current())]),
  component: PaymentPage,
});

function PaymentPage() {
  const { data: plans } = useSuspenseQuery(subscriptionQueries.plans());
  const { data: current } = useSuspenseQuery(subscriptionQueries.current());
  return (
    <PageColumn>
      <PageHeader title="Payment">The card your plan is billed to. We keep only its brand and last four digits.</PageHeader>
      <PaymentCard summary={current} plans={plans.plans} />
    </PageColumn>
  );
}
