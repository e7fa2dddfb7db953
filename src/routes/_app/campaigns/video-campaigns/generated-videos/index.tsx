import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../../features/video/back-link.tsx';
import { VideoGrid } from '../../../../../features/video/video-cards.tsx';
import { videoQueries } from '../../../../../features/video/video-queries.ts';
import { PageHeader } from '../../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/generated-videos/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(videoQueries.videos('generated')),
  component: GeneratedVideosPage,
});

function GeneratedVideosPage() {
  const { data } = useSuspenseQuery(videoQueries.videos('generated'));
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Generated videos">Every video Mise has made for you.</PageHeader>
      <VideoGrid videos={data} />
    </>
  );
}
