import { createFileRoute } from '@tanstack/react-router';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { VideoProgress } from '../../../../features/video/video-progress.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/edit-concept/video/$taskId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(videoQueries.video(params.taskId)),
  component: VideoTaskPage,
});

function VideoTaskPage() {
  const { taskId } = Route.useParams();
  return (
    <>
      <BackLink to="/campaigns/video-campaigns/drafts" label="Draft videos" />
      <PageHeader title="Your video" />
      <VideoProgress taskId={taskId} />
    </>
  );
}
