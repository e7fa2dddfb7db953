import { Alert, Button, Table, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EmailCampaign } from '../../contract/email-campaigns.ts';
import { SENDING_MESSAGES } from '../../contract/sending.ts';
import { emailApi } from './email-api.ts';
import { emailKeys, emailQueries } from './email-queries.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** Spec §2 history table: Email type, Opened, Unique Opens, Clicked; each row opens the campaign. */
function HistoryTable({ campaigns }: { campaigns: EmailCampaign[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email type</Table.Th>
            <Table.Th ta="right">Opened</Table.Th>
            <Table.Th ta="right">Unique Opens</Table.Th>
            <Table.Th ta="right">Clicked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" py="md">
                  {SENDING_MESSAGES.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.id} data-testid="history-row">
              <Table.Td>
                <Link to="/campaigns/email-campaigns/campaign/$id" params={{ id: campaign.id }} style={{ fontWeight: 600, display: 'inline-block', padding: '10px 0' }}>
                  {campaign.settings.title}
                </Link>
                <Text size="xs" c="dimmed">
                  {new Date(campaign.send_time ?? '').toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} · {count(campaign.emails_sent)} sent
                </Text>
              </Table.Td>
              <Table.Td ta="right">{count(campaign.report_summary.opens)}</Table.Td>
              <Table.Td ta="right">{count(campaign.report_summary.unique_opens)}</Table.Td>
              <Table.Td ta="right">{count(campaign.report_summary.clicks)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The email home's history: the latest 5 of a request for 10 (spec §9). */
export function RecentCampaigns() {
  const query = useQuery(emailQueries.campaigns(10, 0));
  if (query.isError && !query.data) return <Alert color="red">{SENDING_MESSAGES.listFailed}</Alert>;
  return <HistoryTable campaigns={query.data?.campaigns.slice(0, 5) ?? []} />;
}

const PAGE = 25;

/** Every campaign that went out, newest first, 25 at a time. */
export function CampaignHistory() {
  const query = useInfiniteQuery({
    queryKey: [...emailKeys.campaigns(), 'history'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => emailApi.campaigns(PAGE, pageParam, signal),
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total_items ? pages.length * PAGE : undefined),
  });
  if (query.isError && !query.data) return <Alert color="red">{SENDING_MESSAGES.listFailed}</Alert>;
  return (
    <>
      <HistoryTable campaigns={query.data?.pages.flatMap((page) => page.campaigns) ?? []} />
      {query.hasNextPage && (
        <Button variant="light" size="md" fullWidth mt="md" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </>
  );
}
