import { createFileRoute } from '@tanstack/react-router';
import { CampaignsHub } from '../../../features/campaigns/campaigns-hub.tsx';
import { campaignChannels } from '../../../ui/nav-items.ts';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/')({
  component: CampaignsPage,
});

function CampaignsPage() {
  return (
    <PageColumn>
      <PageHeader title="Campaigns">Write, send and follow up with your guests.</PageHeader>
      <CampaignsHub channels={campaignChannels} />
    </PageColumn>
  );
}
