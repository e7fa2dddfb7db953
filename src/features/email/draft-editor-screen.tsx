import { Button, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { EmailContent } from '../../contract/email.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { ContentEditor } from './content-editor.tsx';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import { DRAFT_CONTENT_OP, useEditDraft } from './email-mutations.ts';
import { emailQueries } from './email-queries.ts';
import { StickyActions } from './sticky-actions.tsx';
import { useMediaThumbnails } from './use-media-thumbnails.ts';

type DraftEditorScreenProps = {
  draftId: string;
  brand: EmailEditorBrand;
  renderMediaPicker: (onPick: (media: PickedMedia) => void) => ReactNode;
  onDone: () => void;
};

/** A draft in the visual editor; Save sends the blocks through the outbox (offline: kept on the phone, synced later). */
export function DraftEditorScreen({ draftId, brand, renderMediaPicker, onDone }: DraftEditorScreenProps) {
  const { data: draft } = useSuspenseQuery(emailQueries.draft(draftId));
  const [content, setContent] = useState<EmailContent>({ subject: draft.subject, preheader: draft.preheader, blocks: draft.blocks });
  const edit = useEditDraft(draft);
  const thumbnail = useMediaThumbnails(content.blocks);
  return (
    <Stack gap="md">
      <ContentEditor value={content} onChange={setContent} brand={brand} renderMediaPicker={renderMediaPicker} mediaThumbnail={thumbnail} />
      <StickyActions>
        <Button variant="default" size="lg" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="lg"
          loading={edit.isPending}
          onClick={() =>
            edit.mutate(
              { edit: { kind: DRAFT_CONTENT_OP, subject: content.subject, preheader: content.preheader, blocks: content.blocks } },
              {
                onSuccess: (result) => {
                  if (result.queued) notifyInfo('Saved on this phone. It will sync when you are back online.');
                  else notifySuccess(result.body.message);
                  onDone();
                },
                onError: (error) => notifyError(error, 'Something went wrong'),
              },
            )
          }
        >
          Save
        </Button>
      </StickyActions>
    </Stack>
  );
}
