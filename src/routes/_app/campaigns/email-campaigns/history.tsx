import { createFileRoute } from '@tanstack/react-router';
import { CampaignHistory } from '../../../../features/email/campaign-history.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/history')({
  component: HistoryPage,
});

function HistoryPage() {
  return (
    <>
      <PageHeader title="Email history">Every campaign that went out, newest first. Tap one for its report.</PageHeader>
      <CampaignHistory />
    </>
  );
}
