import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { brandQueries } from '../../../../../features/brand/brand-queries.ts';
import { emailQueries } from '../../../../../features/email/email-queries.ts';
import { TemplateEditorScreen } from '../../../../../features/email/template-editor-screen.tsx';
import { MediaPickerButton } from '../../../../../features/media/media-picker.tsx';
import { sessionStore } from '../../../../../lib/session.ts';
import { PageHeader } from '../../../../../ui/page-header.tsx';

const userId = () => sessionStore.get()?.userId ?? '';

export const Route = createFileRoute('/_app/campaigns/email-campaigns/template/$id')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(emailQueries.template(params.id)), context.queryClient.ensureQueryData(brandQueries.settings(userId()))]),
  component: TemplatePage,
});

function TemplatePage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const { data: template } = useSuspenseQuery(emailQueries.template(id));
  const { data: brand } = useSuspenseQuery(brandQueries.settings(userId()));
  return (
    <>
      <PageHeader title={template.display_name} />
      <TemplateEditorScreen
        // A newer copy from the server (a reload restores the phone's cache first, then revalidates) replaces what is shown.
        key={`${template.id}:${template.updated_at ?? ''}`}
        template={template}
        brand={brand}
        renderMediaPicker={(onPick) => <MediaPickerButton onPick={onPick} />}
        // A starter's update is the owner's new copy: carry on editing that one.
        onSaved={(saved) => saved.id !== id && void navigate({ to: '/campaigns/email-campaigns/template/$id', params: { id: saved.id }, replace: true })}
      />
    </>
  );
}
