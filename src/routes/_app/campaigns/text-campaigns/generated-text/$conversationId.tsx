import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { brandQueries } from '../../../../../features/brand/brand-queries.ts';
import { GeneratedTextScreen } from '../../../../../features/text/generated-text-screen.tsx';
import { textQueries } from '../../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../../lib/route-data.ts';
import { sessionStore } from '../../../../../lib/session.ts';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/text-campaigns/generated-text/$conversationId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(brandQueries.settings(userId())),
      tolerateFailure(context.queryClient.ensureQueryData(textQueries.conversation(params.conversationId))),
    ]),
  component: GeneratedTextPage,
});

function GeneratedTextPage() {
  const { conversationId } = Route.useParams();
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <GeneratedTextScreen
      conversationId={conversationId}
      timeZone={brand.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
      onDone={() => void navigate({ to: '/campaigns/text-campaigns' })}
    />
  );
}
