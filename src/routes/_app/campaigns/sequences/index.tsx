import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { SequenceList, type SequenceFilter } from '../../../../features/sequences/sequence-list.tsx';
import { sequenceQueries } from '../../../../features/sequences/sequences-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

const FILTERS = ['ALL', 'DRAFT', 'ACTIVE', 'PAUSED', 'CANCELLED'] as const satisfies readonly SequenceFilter[];
const SearchSchema = v.object({ status: v.fallback(v.optional(v.picklist(FILTERS), 'ALL'), 'ALL') });

export const Route = createFileRoute('/_app/campaigns/sequences/')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(sequenceQueries.list(deps.status, ''))),
  component: SequencesPage,
});

function SequencesPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Sequences">Emails and texts that go out by themselves, one step after another.</PageHeader>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/sequences/add" />} leftSection={<IconPlus size={18} />} size="md" mb="md">
        Add new
      </Button>
      <SequenceList filter={status} onFilter={(next) => void navigate({ search: { status: next }, replace: true })} />
    </PageColumn>
  );
}
