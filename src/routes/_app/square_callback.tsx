import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PosCallback } from '../../features/pos/pos-callback.tsx';
import { stringSearch as callbackSearch } from '../../lib/search-params.ts';

// Where Square sends the owner back: code, response_type and state (or error and error_description).
const SearchSchema = v.object({
  code: v.optional(v.string()),
  response_type: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});

export const Route = createFileRoute('/_app/square_callback')({
  validateSearch: (search) => v.parse(SearchSchema, callbackSearch(search)),
  component: SquareCallbackPage,
});

function SquareCallbackPage() {
  return <PosCallback provider="square" search={Route.useSearch()} />;
}
