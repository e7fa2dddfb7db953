import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TextListState, TextTable } from '../../../../features/text/text-campaign-views.tsx';
import { textQueries } from '../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/text-campaigns/all')({
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(textQueries.campaigns('sent'))),
  component: AllTextsPage,
});

/** The text campaigns table: every text that has gone out or is going, with its delivery figures. */
function AllTextsPage() {
  const list = useQuery(textQueries.campaigns('sent'));
  return (
    <PageColumn>
      <PageHeader title="Text campaigns">Every text you sent, with what reached a phone.</PageHeader>
      {list.isPending ? <Skeleton h={200} radius="lg" /> : <TextListState isError={list.isError} data={list.data}>{(campaigns) => <TextTable campaigns={campaigns} />}</TextListState>}
    </PageColumn>
  );
}
