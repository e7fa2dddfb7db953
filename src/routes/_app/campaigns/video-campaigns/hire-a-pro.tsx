import { createFileRoute } from '@tanstack/react-router';
import { audioQueries } from '../../../../features/audio/audio-queries.ts';
import { HireAPro } from '../../../../features/audio/hire-a-pro.tsx';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/hire-a-pro')({
  loader: ({ context }) => context.queryClient.ensureQueryData(audioQueries.creators()),
  component: HireAProRoute,
});

function HireAProRoute() {
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Hire a Pro">Local creators you work with, and booking requests sent to them by email.</PageHeader>
      <HireAPro />
    </>
  );
}
