import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { VIDEO_MESSAGES } from '../../../../contract/video.ts';
import { brandQueries } from '../../../../features/brand/brand-queries.ts';
import { VideoHome } from '../../../../features/video/video-home.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';
import { tolerateFailure } from '../../../../lib/route-data.ts';
import { sessionStore } from '../../../../lib/session.ts';
import { notifyInfo } from '../../../../ui/notify.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/video-campaigns/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(brandQueries.settings(userId())),
      tolerateFailure(context.queryClient.ensureQueryData(videoQueries.videos('generated', '', 3))),
    ]),
  component: VideoCampaignsPage,
});

function VideoCampaignsPage() {
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <>
      <PageHeader title="Video campaigns">Short videos for TikTok from your own photos and clips, with a voice-over and captions.</PageHeader>
      <VideoHome
        brandReady={Boolean(brand.brandName && brand.location && brand.brandLogo)}
        onNeedsBrand={() => {
          notifyInfo(VIDEO_MESSAGES.needDetails);
          void navigate({ to: '/settings/content' });
        }}
        onScript={(id) => void navigate({ to: '/edit-concept/script/$id', params: { id } })}
      />
    </>
  );
}
