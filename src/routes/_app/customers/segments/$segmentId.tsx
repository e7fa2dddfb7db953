import { Button } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerRowActions } from '../../../../features/customers/customer-row-actions.tsx';
import { SegmentCustomers } from '../../../../features/segments/segment-customers.tsx';
import { SegmentHeader } from '../../../../features/segments/segment-header.tsx';
import { SegmentRouteError } from '../../../../features/segments/segment-route-error.tsx';
import { segmentQueries } from '../../../../features/segments/segments-queries.ts';

export const Route = createFileRoute('/_app/customers/segments/$segmentId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(segmentQueries.detail(params.segmentId)),
      context.queryClient.ensureInfiniteQueryData(segmentQueries.customers(params.segmentId)),
    ]),
  errorComponent: SegmentRouteError,
  component: SegmentPage,
});

function SegmentPage() {
  const { segmentId } = Route.useParams();
  return (
    <>
      <Button renderRoot={(props) => <Link {...props} to="/customers/segments" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} mb={4}>
        Segments
      </Button>
      <SegmentHeader segmentId={segmentId} />
      <SegmentCustomers segmentId={segmentId} rowActions={(customer, name) => <CustomerRowActions id={customer.id} name={name} />} />
    </>
  );
}
