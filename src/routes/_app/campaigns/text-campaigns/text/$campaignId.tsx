import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { RecipientsList } from '../../../../../features/sending/recipients-list.tsx';
import { SendControls } from '../../../../../features/sending/send-controls.tsx';
import { textKeys, textQueries } from '../../../../../features/text/text-queries.ts';
import { TextReport } from '../../../../../features/text/text-report.tsx';

const SearchSchema = v.object({ tab: v.fallback(v.optional(v.picklist(['report', 'subscribers']), 'report'), 'report') });

export const Route = createFileRoute('/_app/campaigns/text-campaigns/text/$campaignId')({
  validateSearch: SearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(textQueries.report(params.campaignId)),
  component: TextCampaignPage,
});

/** Spec §2 text/{campaign_id}: tabs Report and Subscribers. */
function TextCampaignPage() {
  const { campaignId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { data: report } = useSuspenseQuery(textQueries.report(campaignId));
  return (
    <Stack gap="md" maw={860}>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/all" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} style={{ alignSelf: 'flex-start' }}>
        All texts
      </Button>
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {report.campaign.user_title}
        </Title>
        <Text size="sm" c="dimmed">
          {report.send.segment_title ? `To ${report.send.segment_title}` : 'Text campaign'}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} size="sm" p="sm" bg="gray.0" data-testid="text-body">
          {report.campaign.final_sms_draft}
        </Text>
      </Stack>
      <Tabs value={tab} onChange={(next) => void navigate({ search: { tab: (next as 'report' | 'subscribers') ?? 'report' }, replace: true })}>
        <Tabs.List grow>
          <Tabs.Tab value="report">Report</Tabs.Tab>
          <Tabs.Tab value="subscribers">Subscribers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          <TextReport
            campaignId={campaignId}
            controls={(send, uncertain) => <SendControls send={send} uncertain={uncertain} onChanged={() => void queryClient.invalidateQueries({ queryKey: textKeys.campaigns() })} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="subscribers" pt="md">
          {tab === 'subscribers' && <RecipientsList sendId={report.send.id} channel="sms" />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
