import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { brandQueries } from '../../../../../../features/brand/brand-queries.ts';
import { DraftEditorScreen } from '../../../../../../features/email/draft-editor-screen.tsx';
import { emailQueries } from '../../../../../../features/email/email-queries.ts';
import { MediaPickerButton } from '../../../../../../features/media/media-picker.tsx';
import { sessionStore } from '../../../../../../lib/session.ts';
import { PageHeader } from '../../../../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/drafts-view/$id/edit')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(emailQueries.draft(params.id)), context.queryClient.ensureQueryData(brandQueries.settings(userId()))]),
  component: EditDraftPage,
});

function EditDraftPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <>
      <PageHeader title="Edit email" />
      <DraftEditorScreen
        draftId={id}
        brand={brand}
        renderMediaPicker={(onPick) => <MediaPickerButton onPick={onPick} />}
        onDone={() => void navigate({ to: '/campaigns/email-campaigns/drafts-view/$id', params: { id } })}
      />
    </>
  );
}
