import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PosCallback } from '../../features/pos/pos-callback.tsx';
import { stringSearch as callbackSearch } from '../../lib/search-params.ts';

// Where Clover sends the owner back: merchant_id, employee_id, client_id and code (and state when echoed).
const SearchSchema = v.object({
  merchant_id: v.optional(v.string()),
  employee_id: v.optional(v.string()),
  client_id: v.optional(v.string()),
  code: v.optional(v.string()),
  state: v.optional(v.string()),
});

export const Route = createFileRoute('/_app/clover_callback')({
  validateSearch: (search) => v.parse(SearchSchema, callbackSearch(search)),
  component: CloverCallbackPage,
});

function CloverCallbackPage() {
  return <PosCallback provider="clover" search={Route.useSearch()} />;
}
