import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { TEXT_SCHEDULE_FILTERS } from '../../../../features/text/text-schedule-filters.ts';
import { TextScheduledList } from '../../../../features/text/text-scheduled-list.tsx';
import { textQueries } from '../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

const SearchSchema = v.object({ status: v.fallback(v.optional(v.picklist(TEXT_SCHEDULE_FILTERS), 'all'), 'all') });

export const Route = createFileRoute('/_app/campaigns/text-campaigns/scheduled')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(textQueries.scheduled(deps.status === 'all' ? null : deps.status, ''))),
  component: ScheduledTextsPage,
});

function ScheduledTextsPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Scheduled Campaigns">Texts waiting for their moment, going out, and done.</PageHeader>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/drafts" />} leftSection={<IconPlus size={18} />} size="md" mb="md">
        Add New
      </Button>
      <TextScheduledList filter={status} onFilter={(next) => void navigate({ search: { status: next }, replace: true })} />
    </PageColumn>
  );
}
