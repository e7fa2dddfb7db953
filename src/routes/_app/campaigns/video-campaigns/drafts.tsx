import { createFileRoute } from '@tanstack/react-router';
import { DraftVideosScreen } from '../../../../features/video/draft-videos-screen.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/drafts')({
  loader: ({ context }) => context.queryClient.ensureQueryData(videoQueries.videos('drafts')),
  component: DraftVideosScreen,
});
