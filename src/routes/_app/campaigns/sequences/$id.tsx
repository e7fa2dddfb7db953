import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EditSequenceEditor } from '../../../../features/sequences/sequence-editor.tsx';
import { sequenceQueries } from '../../../../features/sequences/sequences-queries.ts';

export const Route = createFileRoute('/_app/campaigns/sequences/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(sequenceQueries.detail(params.id)),
  component: EditSequencePage,
});

function EditSequencePage() {
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(sequenceQueries.detail(id));
  // Keyed by version: a change stored elsewhere (or by the outbox) shows its title and description.
  return <EditSequenceEditor key={`${data.id}:${data.version}`} sequence={data} />;
}
