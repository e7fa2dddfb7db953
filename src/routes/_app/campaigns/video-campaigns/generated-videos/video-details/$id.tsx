import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../../../features/video/back-link.tsx';
import { VideoDetails } from '../../../../../../features/video/video-details.tsx';
import { videoQueries } from '../../../../../../features/video/video-queries.ts';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/generated-videos/video-details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQueries.video(params.id)),
  component: VideoDetailsPage,
});

function VideoDetailsPage() {
  const { id } = Route.useParams();
  return (
    <>
      <BackLink to="/campaigns/video-campaigns/generated-videos" label="Generated videos" />
      <VideoDetails videoId={id} />
    </>
  );
}
