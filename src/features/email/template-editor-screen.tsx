import { Alert, Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EMAIL_TEMPLATE_MESSAGES, TEMPLATE_NAME_MAX, type EmailTemplate } from '../../contract/email-templates.ts';
import type { EmailContent, TemplateCategory } from '../../contract/email.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ContentEditor } from './content-editor.tsx';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import { useSaveTemplate } from './email-mutations.ts';
import { emailQueries } from './email-queries.ts';
import { StickyActions } from './sticky-actions.tsx';
import { useMediaThumbnails } from './use-media-thumbnails.ts';

const STARTING_POINT: EmailContent = {
  subject: '',
  preheader: '',
  blocks: [
    { id: 'header-1', type: 'header_image' },
    { id: 'heading-1', type: 'heading', text: '[Your headline]', level: 1, align: 'left' },
    { id: 'text-1', type: 'text', html: '<p>Hi {{first_name|there}},</p><p>[What you want to tell your guests]</p>', align: 'left' },
    { id: 'button-1', type: 'button', label: 'Book a table', href: '' },
    { id: 'footer-1', type: 'footer', note: '' },
  ],
};

type TemplateEditorScreenProps = {
  /** null: a new template. */
  template: EmailTemplate | null;
  brand: EmailEditorBrand;
  renderMediaPicker: (onPick: (media: PickedMedia) => void) => ReactNode;
  /** After a save: the template as stored (new, updated, or the owner's copy of a starter). */
  onSaved: (template: EmailTemplate, created: boolean) => void;
};

/**
 * A template in the visual editor (spec §2, §5): Update Template for one that exists (a starter is Mise's, so
 * updating it saves the owner's copy); for a new one, Save Changes asks for a name and a category, and Create
 * Template stays disabled until the email has been rendered.
 */
export function TemplateEditorScreen({ template, brand, renderMediaPicker, onSaved }: TemplateEditorScreenProps) {
  const [content, setContent] = useState<EmailContent>(template ? { subject: template.subject, preheader: template.preheader, blocks: template.blocks } : STARTING_POINT);
  const [exported, setExported] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TemplateCategory | null>(null);
  const [missing, setMissing] = useState(false);
  const categories = useQuery(emailQueries.categories()).data ?? [];
  const save = useSaveTemplate();
  const thumbnail = useMediaThumbnails(content.blocks);

  // mutateAsync, not mutate's callbacks: the saved copy replaces this editor (its key carries updated_at), and
  // callbacks given to mutate() never run once their component has gone.
  const send = async (body: Parameters<typeof save.mutate>[0]['body'], created: boolean) => {
    try {
      const result = await save.mutateAsync({ id: template?.id ?? null, body });
      notifySuccess(result.message);
      setNaming(false);
      onSaved(result.template, created);
    } catch (error) {
      notifyError(error, 'Something went wrong');
    }
  };

  const subject = content.subject.trim() ? { subject: content.subject } : {};
  const handleCreate = () => {
    if (!name.trim() || !category) {
      setMissing(true);
      return;
    }
    void send({ name: name.trim(), category, blocks: content.blocks, preheader: content.preheader, ...subject }, true);
  };

  return (
    <Stack gap="md">
      {template?.starter && (
        <Alert color="blue" variant="light">
          This template comes with Mise. Updating it saves your own copy; the original stays as it is.
        </Alert>
      )}
      <ContentEditor value={content} onChange={setContent} brand={brand} renderMediaPicker={renderMediaPicker} mediaThumbnail={thumbnail} onRendered={setExported} />
      <StickyActions>
        {template ? (
          <Button size="lg" loading={save.isPending} onClick={() => void send({ blocks: content.blocks, preheader: content.preheader, ...subject }, false)}>
            Update Template
          </Button>
        ) : (
          <Button size="lg" onClick={() => setNaming(true)}>
            Save Changes
          </Button>
        )}
      </StickyActions>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Name your template" centered>
        <Stack gap="md">
          <TextInput label="Template name" size="md" value={name} maxLength={TEMPLATE_NAME_MAX} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
          <Select
            label="Category"
            size="md"
            value={category}
            onChange={(value) => setCategory(value as TemplateCategory | null)}
            data={categories.map((item) => ({ value: item.value, label: item.display_name }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {missing && (!name.trim() || !category) && <Alert color="red">{EMAIL_TEMPLATE_MESSAGES.needsTitleAndCategory}</Alert>}
          <Button size="lg" onClick={handleCreate} loading={save.isPending} disabled={!exported}>
            Create Template
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
