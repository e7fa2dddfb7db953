import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NewDraftForm } from '../../../../features/email/new-draft-form.tsx';
import { MediaPicker } from '../../../../features/media/media-picker.tsx';
import { PageColumn, PageHeader } from '../../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/drafts')({
  component: NewDraftPage,
});

function NewDraftPage() {
  const navigate = useNavigate();
  return (
    <PageColumn>
      <PageHeader title="New email">Say what it is about; Mise writes it with your brand and photos.</PageHeader>
      <NewDraftForm
        renderPhotoPicker={(props) => <MediaPicker {...props} title="Photos for this email" />}
        onCreated={(draft) => void navigate({ to: '/campaigns/email-campaigns/drafts-view/$id', params: { id: draft.id } })}
      />
    </PageColumn>
  );
}
