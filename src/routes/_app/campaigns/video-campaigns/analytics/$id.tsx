import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../../features/video/back-link.tsx';
import { VideoAnalyticsView } from '../../../../../features/video/video-analytics.tsx';
import { videoQueries } from '../../../../../features/video/video-queries.ts';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/analytics/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQueries.analytics(params.id)),
  component: AnalyticsPage,
});

function AnalyticsPage() {
  const { id } = Route.useParams();
  return (
    <>
      <BackLink to="/campaigns/video-campaigns/history" label="History" />
      <VideoAnalyticsView videoId={id} />
    </>
  );
}
