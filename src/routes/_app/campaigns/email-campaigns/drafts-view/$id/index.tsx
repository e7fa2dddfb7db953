import { Button } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DraftView } from '../../../../../../features/email/draft-view.tsx';
import { emailQueries } from '../../../../../../features/email/email-queries.ts';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/drafts-view/$id/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(emailQueries.draft(params.id)),
  component: DraftViewPage,
});

function DraftViewPage() {
  const { id } = Route.useParams();
  return (
    <>
      <Button renderRoot={(props) => <Link {...props} to="/campaigns/email-campaigns/generated-emails" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} mb={4}>
        Your emails
      </Button>
      <DraftView draftId={id} />
    </>
  );
}
