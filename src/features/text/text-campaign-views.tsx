import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TEXT_LIMITS, TEXT_MESSAGES, type SmsCampaign } from '../../contract/text.ts';
import { clip, when } from './text-format.ts';

const SEND_LABEL: Record<string, { label: string; color: string }> = {
  SCHEDULED: { label: 'Scheduled', color: 'blue' },
  PENDING: { label: 'Sending', color: 'teal' },
  COMPLETED: { label: 'Sent', color: 'gray' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
};

function SendBadge({ campaign }: { campaign: SmsCampaign }) {
  const state = campaign.send ? SEND_LABEL[campaign.send.status]! : { label: 'Draft', color: 'yellow' };
  return (
    <Badge variant="light" color={state.color} style={{ flexShrink: 0 }}>
      {state.label}
    </Badge>
  );
}

/** Where a text opens: its report once it has a send, else its editor. */
function textLink(campaign: SmsCampaign) {
  return campaign.send && campaign.send.status !== 'CANCELLED'
    ? ({ to: '/campaigns/text-campaigns/text/$campaignId', params: { campaignId: campaign.id } } as const)
    : ({ to: '/campaigns/text-campaigns/generated-text/$conversationId', params: { conversationId: campaign.conversation_id ?? campaign.id } } as const);
}

/** The grid of the drafts and generated-texts pages: each card cut at 45 characters (spec §9). */
export function TextCards({ campaigns }: { campaigns: SmsCampaign[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {campaigns.map((campaign) => (
        <Card key={campaign.id} withBorder radius="lg" padding="md" data-testid="text-card" renderRoot={(props) => <Link {...props} {...textLink(campaign)} />}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} lineClamp={1} style={{ minWidth: 0 }}>
                {campaign.user_title}
              </Text>
              <SendBadge campaign={campaign} />
            </Group>
            <Text size="sm">{clip(campaign.final_sms_draft, TEXT_LIMITS.cardShown)}</Text>
            <Text size="xs" c="dimmed">
              {campaign.send ? `${SEND_LABEL[campaign.send.status]!.label} ${when(campaign.send.scheduled_time)}` : `Updated ${when(campaign.updated_at)}`}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * The History table (spec §2: Text message, Sent, Delivered, Pending, Failed), rows cut at 40 characters.
 * Small headings and tight spacing so all five columns fit a 360 px phone without scrolling sideways.
 */
export function TextTable({ campaigns }: { campaigns: SmsCampaign[] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing="sm" horizontalSpacing={4} fz="sm" highlightOnHover data-testid="text-history">
        <Table.Thead fz="xs">
          <Table.Tr>
            <Table.Th>Text message</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Delivered</Table.Th>
            <Table.Th ta="right">Pending</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.id}>
              <Table.Td>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {campaign.user_title}
                </Text>
                <Anchor fw={600} size="sm" py={12} display="block" renderRoot={(props) => <Link {...props} {...textLink(campaign)} />}>
                  {clip(campaign.final_sms_draft, TEXT_LIMITS.rowShown)}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{campaign.total_sent.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{campaign.delivered.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{campaign.pending.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{campaign.failed.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type ListStateProps = { isError: boolean; data: SmsCampaign[] | undefined; children: (campaigns: SmsCampaign[]) => ReactNode };

/** Spec §8: 'Error fetching SMS campaigns' when the list cannot be read, 'No SMS campaigns found' with a way back when empty. */
export function TextListState({ isError, data, children }: ListStateProps) {
  if (isError && !data) return <Alert color="red">{TEXT_MESSAGES.listFailed}</Alert>;
  if (!data) return null;
  if (data.length === 0)
    return (
      <Stack align="center" gap="sm" py="xl" data-testid="text-empty">
        <Text c="dimmed">{TEXT_MESSAGES.empty}</Text>
        <Button variant="light" renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns" />}>
          Make a text
        </Button>
      </Stack>
    );
  return children(data);
}
