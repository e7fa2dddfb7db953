import { Anchor, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerDetail } from '../../../features/customers/customer-detail.tsx';
import { customerQueries } from '../../../features/customers/customers-queries.ts';

export const Route = createFileRoute('/_app/customers/$customerId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(customerQueries.detail(params.customerId)),
  component: CustomerPage,
});

function CustomerPage() {
  const { customerId } = Route.useParams();
  const { data } = useSuspenseQuery(customerQueries.detail(customerId));
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/customers" size="sm" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
        ← All customers
      </Anchor>
      <CustomerDetail customer={data} />
    </Stack>
  );
}
