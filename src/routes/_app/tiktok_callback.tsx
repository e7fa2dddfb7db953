import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { TiktokCallbackSearch } from '../../contract/socials.ts';
import { TiktokCallback } from '../../features/socials/tiktok-callback.tsx';
import { stringSearch as callbackSearch } from '../../lib/search-params.ts';

// Where TikTok sends the owner back (spec §2: code, scopes and state). The check is here, not in the socials contract:
// the app's entry runs it and may import only small modules.
const SearchSchema = v.object({
  code: v.optional(v.string()),
  scopes: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});

export const Route = createFileRoute('/_app/tiktok_callback')({
  validateSearch: (search): TiktokCallbackSearch => v.parse(SearchSchema, callbackSearch(search)),
  component: TiktokCallbackPage,
});

function TiktokCallbackPage() {
  return <TiktokCallback search={Route.useSearch()} />;
}
