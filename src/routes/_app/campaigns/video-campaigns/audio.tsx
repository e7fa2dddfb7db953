import { createFileRoute } from '@tanstack/react-router';
import { AudioPage } from '../../../../features/audio/audio-page.tsx';
import { audioQueries } from '../../../../features/audio/audio-queries.ts';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/audio')({
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(audioQueries.voices()), tolerateFailure(context.queryClient.ensureQueryData(audioQueries.audios()))]),
  component: AudioRoute,
});

function AudioRoute() {
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Audio">Voice-overs from your own words, to use in your videos.</PageHeader>
      <AudioPage />
    </>
  );
}
