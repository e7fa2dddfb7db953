import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { CampaignReport } from '../../../../../features/email/campaign-report.tsx';
import { emailKeys, emailQueries } from '../../../../../features/email/email-queries.ts';
import { RecipientsList } from '../../../../../features/sending/recipients-list.tsx';
import { SendControls } from '../../../../../features/sending/send-controls.tsx';

const SearchSchema = v.object({ tab: v.fallback(v.optional(v.picklist(['report', 'subscribers']), 'report'), 'report') });

export const Route = createFileRoute('/_app/campaigns/email-campaigns/campaign/$id')({
  validateSearch: SearchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(emailQueries.report(params.id)),
  component: CampaignPage,
});

function CampaignPage() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { data: report } = useSuspenseQuery(emailQueries.report(id));
  return (
    <Stack gap="md" maw={860}>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/history" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} style={{ alignSelf: 'flex-start' }}>
        Email history
      </Button>
      <Stack gap={2}>
        <Title order={1} fz={24}>
          {report.campaign.settings.title}
        </Title>
        <Text c="dimmed" size="sm">
          {report.campaign.settings.subject_line}
          {report.campaign.send.segment_title ? ` · to ${report.campaign.send.segment_title}` : ''}
        </Text>
      </Stack>
      <Tabs value={tab} onChange={(next) => void navigate({ search: { tab: (next as 'report' | 'subscribers') ?? 'report' }, replace: true })}>
        <Tabs.List grow>
          <Tabs.Tab value="report">Report</Tabs.Tab>
          <Tabs.Tab value="subscribers">Subscribers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          <CampaignReport
            campaignId={id}
            controls={(send, uncertain) => <SendControls send={send} uncertain={uncertain} onChanged={() => void queryClient.invalidateQueries({ queryKey: emailKeys.campaigns() })} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="subscribers" pt="md">
          {tab === 'subscribers' && <RecipientsList sendId={id} channel="email" />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
