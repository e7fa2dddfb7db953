import { createFileRoute } from '@tanstack/react-router';
import { SegmentList } from '../../../../features/segments/segment-list.tsx';
import { SegmentRouteError } from '../../../../features/segments/segment-route-error.tsx';
import { segmentQueries } from '../../../../features/segments/segments-queries.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/customers/segments/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(segmentQueries.list()),
  errorComponent: SegmentRouteError,
  component: SegmentsPage,
});

function SegmentsPage() {
  return (
    <PageColumn>
      <PageHeader title="Segments">Groups of your customers that stay up to date as they visit.</PageHeader>
      <SegmentList />
    </PageColumn>
  );
}
