import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PosCallback } from '../../features/pos/pos-callback.tsx';

// Where Clover sends the owner back: merchant_id, employee_id, client_id and code (and state when echoed).
const SearchSchema = v.object({
  merchant_id: v.optional(v.string()),
  employee_id: v.optional(v.string()),
  client_id: v.optional(v.string()),
  code: v.optional(v.string()),
  state: v.optional(v.string()),
});

export const Route = createFileRoute('/_app/clover_callback')({
  validateSearch: (search) => v.parse(SearchSchema, Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)]))),
  component: CloverCallbackPage,
});

function CloverCallbackPage() {
  const search = Route.useSearch();
  const query = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return <PosCallback provider="clover" redirectUrl={`${window.location.origin}/clover_callback?${query}`} />;
}
