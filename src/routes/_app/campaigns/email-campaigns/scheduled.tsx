import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { SCHEDULED_FILTERS, type ScheduledFilter } from '../../../../contract/email-options.ts';
import { emailQueries } from '../../../../features/email/email-queries.ts';
import { ScheduledList } from '../../../../features/email/scheduled-list.tsx';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

const FILTER_VALUES = Object.keys(SCHEDULED_FILTERS) as [ScheduledFilter, ...ScheduledFilter[]];
const SearchSchema = v.object({ status: v.fallback(v.optional(v.picklist(FILTER_VALUES), 'all'), 'all') });

export const Route = createFileRoute('/_app/campaigns/email-campaigns/scheduled')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(emailQueries.scheduled(deps.status, ''))),
  component: ScheduledPage,
});

function ScheduledPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Scheduled Campaigns">Emails waiting for their moment, going out, and done.</PageHeader>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/drafts" />} leftSection={<IconPlus size={18} />} size="md" mb="md">
        Add New
      </Button>
      <ScheduledList filter={status} onFilter={(next) => void navigate({ search: { status: next }, replace: true })} />
    </PageColumn>
  );
}
