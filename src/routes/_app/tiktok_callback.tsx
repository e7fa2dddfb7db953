import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TiktokCallbackSearchSchema } from '../../contract/socials.ts';
import { TiktokCallback } from '../../features/socials/tiktok-callback.tsx';

// Where TikTok sends the owner back (spec §2: code, scopes and state).
export const Route = createFileRoute('/_app/tiktok_callback')({
  validateSearch: (search) => v.parse(TiktokCallbackSearchSchema, Object.fromEntries(Object.entries(search).map(([k, value]) => [k, String(value)]))),
  component: TiktokCallbackPage,
});

function TiktokCallbackPage() {
  return <TiktokCallback search={Route.useSearch()} />;
}
