import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { SegmentChat } from '../../../../features/segments/segment-chat.tsx';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

// The segment creation chat (spec §2).
// `q`: words to start with, e.g. from Ask's "Make a segment of these 38 lapsed regulars".
const SearchSchema = v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(500))) });

export const Route = createFileRoute('/_app/customers/segments/new')({
  validateSearch: (search) => v.parse(SearchSchema, { q: typeof search.q === 'string' ? search.q : undefined }),
  component: NewSegmentPage,
});

function NewSegmentPage() {
  const navigate = useNavigate();
  const { q } = Route.useSearch();
  return (
    <PageColumn>
      <PageHeader title="New segment" />
      <SegmentChat initialQuery={q} onSaved={(segmentId) => void navigate({ to: '/customers/segments/$segmentId', params: { segmentId } })} />
    </PageColumn>
  );
}
