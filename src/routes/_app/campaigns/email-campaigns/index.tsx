import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EmailHome } from '../../../../features/email/email-home.tsx';
import { emailQueries } from '../../../../features/email/email-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/')({
  loader: ({ context }) => tolerateFailure(context.queryClient.ensureQueryData(emailQueries.templates('all'))),
  component: EmailCampaignsPage,
});

function EmailCampaignsPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Email campaigns">Good-looking emails in your brand, written with you in two minutes.</PageHeader>
      <EmailHome onDraft={(draft) => void navigate({ to: '/campaigns/email-campaigns/drafts-view/$id', params: { id: draft.id } })} />
    </>
  );
}
