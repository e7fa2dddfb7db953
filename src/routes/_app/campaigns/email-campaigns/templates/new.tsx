import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { brandQueries } from '../../../../../features/brand/brand-queries.ts';
import { TemplateEditorScreen } from '../../../../../features/email/template-editor-screen.tsx';
import { MediaPickerButton } from '../../../../../features/media/media-picker.tsx';
import { sessionStore } from '../../../../../lib/session.ts';
import { PageHeader } from '../../../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/templates/new')({
  loader: ({ context }) => context.queryClient.ensureQueryData(brandQueries.settings(userId())),
  component: NewTemplatePage,
});

function NewTemplatePage() {
  const navigate = useNavigate();
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <>
      <PageHeader title="New template" />
      <TemplateEditorScreen
        template={null}
        brand={brand}
        renderMediaPicker={(onPick) => <MediaPickerButton onPick={onPick} />}
        // Spec §2: the page shown after a template is created is generated-emails.
        onSaved={() => void navigate({ to: '/campaigns/email-campaigns/generated-emails' })}
      />
    </>
  );
}
