import { tolerateFailure } from '../../../lib/route-data.ts';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { posQueries } from '../../../features/pos/pos-queries.ts';
import { PosSettings } from '../../../features/pos/pos-settings.tsx';

// `sub`: the onboarding variant, with a Skip to /brand (spec §2).
const SearchSchema = v.object({ sub: v.optional(v.boolean()) });

export const Route = createFileRoute('/_app/settings/pos')({
  validateSearch: (search) => v.parse(SearchSchema, { sub: search.sub === true || search.sub === 'true' ? true : undefined }),
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(posQueries.connection())),
  component: PosPage,
});

function PosPage() {
  const { sub } = Route.useSearch();
  return <PosSettings sub={Boolean(sub)} />;
}
