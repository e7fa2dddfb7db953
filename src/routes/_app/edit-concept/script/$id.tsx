import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { VIDEO_MESSAGES } from '../../../../contract/video.ts';
import { brandQueries } from '../../../../features/brand/brand-queries.ts';
import { BackLink } from '../../../../features/video/back-link.tsx';
import { ScriptEditor } from '../../../../features/video/script-editor.tsx';
import { videoQueries } from '../../../../features/video/video-queries.ts';
import { sessionStore } from '../../../../lib/session.ts';
import { notifyInfo } from '../../../../ui/notify.ts';
import { PageHeader } from '../../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/edit-concept/script/$id')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(videoQueries.script(params.id)),
      context.queryClient.ensureQueryData(videoQueries.options()),
      context.queryClient.ensureQueryData(brandQueries.settings(userId())),
    ]),
  component: ScriptPage,
});

function ScriptPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <>
      <BackLink to="/campaigns/video-campaigns" label="Video campaigns" />
      <PageHeader title="Edit script">Scene by scene: what is said, the caption, the photo or clip and how long.</PageHeader>
      <ScriptEditor
        scriptId={id}
        hasLogo={Boolean(brand.brandLogo)}
        onNeedsLogo={() => {
          notifyInfo(VIDEO_MESSAGES.needLogo);
          void navigate({ to: '/settings/content' });
        }}
        onVideo={(taskId) => void navigate({ to: '/edit-concept/video/$taskId', params: { taskId } })}
      />
    </>
  );
}
