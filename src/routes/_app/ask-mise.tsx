import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { ASK_MODES } from '../../contract/ask-modes.ts';
import { AskScreen, type AskSearch } from '../../features/ask/ask-screen.tsx';
import { askQueries } from '../../features/ask/ask-queries.ts';
import { displayNameOf, useSession } from '../../lib/session.ts';

// Spec §2: /ask-{product}, with conversation={id} or graph={id}; mode picks text or graph.
const SearchSchema = v.object({
  mode: v.optional(v.fallback(v.picklist(ASK_MODES), 'text')),
  conversation: v.optional(v.pipe(v.string(), v.maxLength(64))),
  graph: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

export const Route = createFileRoute('/_app/ask-mise')({
  validateSearch: (search): AskSearch => {
    const parsed = v.parse(SearchSchema, {
      mode: search.mode ?? (typeof search.graph === 'string' ? 'graph' : undefined),
      conversation: typeof search.conversation === 'string' ? search.conversation : undefined,
      graph: typeof search.graph === 'string' ? search.graph : undefined,
    });
    // One of the two ids, the one of the mode shown.
    return parsed.mode === 'graph' ? { mode: 'graph', graph: parsed.graph } : { mode: 'text', conversation: parsed.conversation };
  },
  loaderDeps: ({ search }) => ({ mode: search.mode }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(askQueries.starters()),
      deps.mode === 'graph' ? context.queryClient.ensureQueryData(askQueries.graphs()) : context.queryClient.ensureQueryData(askQueries.conversations()),
    ]),
  component: AskPage,
});

function AskPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const session = useSession();
  return <AskScreen {...search} displayName={displayNameOf(session?.name ?? '')} onNavigate={(next) => void navigate({ to: '/ask-mise', search: next })} />;
}
