import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { brandQueries } from '../../../../features/brand/brand-queries.ts';
import { NewSequenceEditor } from '../../../../features/sequences/sequence-editor.tsx';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { sessionStore } from '../../../../lib/session.ts';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/sequences/add')({
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(brandQueries.settings(userId()))),
  component: NewSequencePage,
});

function NewSequencePage() {
  const brand = useQuery(brandQueries.settings(userId()));
  // The server runs schedules in the restaurant's zone, New York time until one is set.
  return <NewSequenceEditor timeZone={brand.data?.timeZone ?? 'America/New_York'} />;
}
