import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PosCallback } from '../../features/pos/pos-callback.tsx';

// Where Square sends the owner back: code, response_type and state (or error and error_description).
const SearchSchema = v.object({
  code: v.optional(v.string()),
  response_type: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});

export const Route = createFileRoute('/_app/square_callback')({
  validateSearch: (search) => v.parse(SearchSchema, Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)]))),
  component: SquareCallbackPage,
});

function SquareCallbackPage() {
  const search = Route.useSearch();
  const query = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return <PosCallback provider="square" redirectUrl={`${window.location.origin}/square_callback?${query}`} />;
}
