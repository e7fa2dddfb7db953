import { createFileRoute } from '@tanstack/react-router';
import { TextHome } from '../../../../features/text/text-home.tsx';
import { textQueries } from '../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';

export const Route = createFileRoute('/_app/campaigns/text-campaigns/')({
  loader: ({ context }) => tolerateFailure(Promise.all([context.queryClient.ensureQueryData(textQueries.readiness()), context.queryClient.ensureQueryData(textQueries.campaigns('sent'))])),
  component: TextHome,
});
