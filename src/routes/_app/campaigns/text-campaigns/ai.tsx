import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { TEXT_CATEGORY_IDS, TEXT_STYLE_IDS } from '../../../../contract/text-options.ts';
import { TextChat } from '../../../../features/text/text-chat.tsx';
import { textQueries } from '../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

const SearchSchema = v.object({
  conversation: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  category: v.fallback(v.optional(v.picklist(TEXT_CATEGORY_IDS), 'flash_sale'), 'flash_sale'),
  style: v.fallback(v.optional(v.picklist(TEXT_STYLE_IDS), 'friendly'), 'friendly'),
});

export const Route = createFileRoute('/_app/campaigns/text-campaigns/ai')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => ({ conversation: search.conversation }),
  loader: ({ context, deps }) =>
    tolerateFailure(
      Promise.all([
        context.queryClient.ensureQueryData(textQueries.readiness()),
        context.queryClient.ensureQueryData(textQueries.conversations()),
        ...(deps.conversation ? [context.queryClient.ensureQueryData(textQueries.conversation(deps.conversation))] : []),
      ]),
    ),
  component: TextChatPage,
});

function TextChatPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Write a text">Tell Mise what it is about; it asks if something is missing, then writes it.</PageHeader>
      <TextChat
        conversationId={search.conversation ?? null}
        category={search.category}
        style={search.style}
        onNavigate={(next) => void navigate({ to: '/campaigns/text-campaigns/ai', search: next, replace: Boolean(next.conversation && !search.conversation) })}
        onLaunch={(conversationId) => void navigate({ to: '/campaigns/text-campaigns/generated-text/$conversationId', params: { conversationId } })}
      />
    </>
  );
}
