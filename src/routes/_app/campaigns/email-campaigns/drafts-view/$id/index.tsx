import { Button } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { brandQueries } from '../../../../../../features/brand/brand-queries.ts';
import { DraftView } from '../../../../../../features/email/draft-view.tsx';
import { EmailSendPanel } from '../../../../../../features/email/email-send-panel.tsx';
import { emailQueries } from '../../../../../../features/email/email-queries.ts';
import { sessionStore } from '../../../../../../lib/session.ts';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/drafts-view/$id/')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(emailQueries.draft(params.id)), context.queryClient.ensureQueryData(brandQueries.settings(userId()))]),
  component: DraftViewPage,
});

function DraftViewPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  const timeZone = brand.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/generated-emails" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} mb={4}>
        Your emails
      </Button>
      <DraftView
        draftId={id}
        sendPanel={(draft) => (
          <EmailSendPanel
            draft={draft}
            timeZone={timeZone}
            onSent={(campaign) =>
              void navigate(campaign ? { to: '/campaigns/email-campaigns/campaign/$id', params: { id: campaign.id } } : { to: '/campaigns/email-campaigns/scheduled', search: { status: 'all' } })
            }
          />
        )}
      />
    </>
  );
}
