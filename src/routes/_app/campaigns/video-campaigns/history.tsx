import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { HistoryTable } from '../../../../features/video/video-cards.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/history')({
  loader: ({ context }) => context.queryClient.ensureQueryData(videoQueries.videos('published')),
  component: VideoHistoryPage,
});

function VideoHistoryPage() {
  const { data } = useSuspenseQuery(videoQueries.videos('published'));
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="History">Videos you published, with TikTok’s figures.</PageHeader>
      <HistoryTable videos={data} />
    </>
  );
}
