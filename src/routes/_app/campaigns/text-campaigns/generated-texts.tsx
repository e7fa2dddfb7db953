import { Button, Skeleton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { TextCards, TextListState } from '../../../../features/text/text-campaign-views.tsx';
import { textQueries } from '../../../../features/text/text-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/text-campaigns/generated-texts')({
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(textQueries.campaigns('all'))),
  component: Page,
});

function Page() {
  const list = useQuery(textQueries.campaigns('all'));
  return (
    <PageColumn>
      <PageHeader title="AI generated text campaigns">Every text your chats wrote, newest first.</PageHeader>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns" />} leftSection={<IconPlus size={18} />} size="md" mb="md">
        New text
      </Button>
      {list.isPending ? <Skeleton h={200} radius="lg" /> : <TextListState isError={list.isError} data={list.data}>{(campaigns) => <TextCards campaigns={campaigns} />}</TextListState>}
    </PageColumn>
  );
}
