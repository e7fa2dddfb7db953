import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SegmentChat } from '../../../../features/segments/segment-chat.tsx';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

// The segment creation chat (spec §2).
export const Route = createFileRoute('/_app/customers/segments/new')({
  component: NewSegmentPage,
});

function NewSegmentPage() {
  const navigate = useNavigate();
  return (
    <PageColumn>
      <PageHeader title="New segment" />
      <SegmentChat onSaved={(segmentId) => void navigate({ to: '/customers/segments/$segmentId', params: { segmentId } })} />
    </PageColumn>
  );
}
