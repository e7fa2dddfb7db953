import { createFileRoute } from '@tanstack/react-router';
import { audioQueries } from '../../../../features/audio/audio-queries.ts';
import { TrendingPage } from '../../../../features/audio/trending-page.tsx';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/trending-audios')({
  loader: ({ context }) => context.queryClient.ensureQueryData(audioQueries.trending()),
  component: TrendingRoute,
});

function TrendingRoute() {
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Trending Audios">Sounds people are using on TikTok right now.</PageHeader>
      <TrendingPage />
    </>
  );
}
