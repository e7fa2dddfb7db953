import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerDetail } from '../../../features/customers/customer-detail.tsx';
import { customerQueries } from '../../../features/customers/customers-queries.ts';
import { ApiError } from '../../../lib/api.ts';

export const Route = createFileRoute('/_app/customers/$customerId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(customerQueries.detail(params.customerId)).catch(() => undefined),
  component: CustomerPage,
});

function CustomerPage() {
  const { customerId } = Route.useParams();
  const query = useQuery(customerQueries.detail(customerId));
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/customers" size="sm">
        ← All customers
      </Anchor>
      {query.data ? (
        <CustomerDetail customer={query.data} />
      ) : query.isError ? (
        <Alert color="red">{query.error instanceof ApiError && query.error.status === 404 ? 'No such customer.' : 'This customer could not be loaded.'}</Alert>
      ) : (
        <Loader mx="auto" />
      )}
    </Stack>
  );
}
