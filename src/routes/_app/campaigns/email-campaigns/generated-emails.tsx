import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { EMAIL_DRAFT_FILTERS } from '../../../../contract/email-options.ts';
import { DraftList } from '../../../../features/email/draft-list.tsx';
import { emailQueries } from '../../../../features/email/email-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

const SearchSchema = v.object({ filter: v.fallback(v.optional(v.picklist(EMAIL_DRAFT_FILTERS), 'all'), 'all') });

export const Route = createFileRoute('/_app/campaigns/email-campaigns/generated-emails')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(emailQueries.drafts(deps.filter))),
  component: GeneratedEmailsPage,
});

function GeneratedEmailsPage() {
  const { filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Your emails">Every email Mise wrote with you, newest change first.</PageHeader>
      <DraftList filter={filter} onFilter={(next) => void navigate({ search: { filter: next }, replace: true })} />
    </PageColumn>
  );
}
