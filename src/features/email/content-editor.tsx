import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useCallback, useRef } from 'react';
import type { EmailContent } from '../../contract/email.ts';
import { emailApi } from './email-api.ts';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import type { ReactNode } from 'react';

// The editor (react-quill-new and its styles) is its own chunk: it costs nothing on any other screen.
const EmailEditor = lazy(() => import('./email-editor.tsx').then((module) => ({ default: module.EmailEditor })));


type ContentEditorProps = {
  value: EmailContent;
  onChange: (next: EmailContent) => void;
  brand: EmailEditorBrand;
  renderMediaPicker?: (onPick: (media: PickedMedia) => void) => ReactNode;
  mediaThumbnail?: (mediaId: string) => string | null | undefined;
  /** Each preview the server rendered (the email as it will be sent), e.g. to know there is something to save. */
  onRendered?: (html: string) => void;
};

/** The visual editor, loaded when first shown, with its live preview rendered by the server as it will be sent. */
export function ContentEditor({ onRendered, ...props }: ContentEditorProps) {
  const latest = useRef(onRendered);
  latest.current = onRendered;
  const renderPreview = useCallback(
    (content: EmailContent) =>
      emailApi.preview(content).then((preview) => {
        latest.current?.(preview.html);
        return preview.html;
      }),
    [],
  );
  return (
    <Suspense
      fallback={
        <Center mih={240}>
          <Loader aria-label="Loading the editor" />
        </Center>
      }
    >
      <EmailEditor {...props} renderPreview={renderPreview} />
    </Suspense>
  );
}
