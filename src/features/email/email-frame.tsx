import { Group, SegmentedControl } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { showMergeTags } from './merge-tags.ts';

const WIDTHS = { phone: 360, desktop: 600 } as const;
type Device = keyof typeof WIDTHS;

export type EmailFrameHandle = {
  /** The edited email as HTML (editing marks removed), to send back for the server to map onto the blocks. */
  editedHtml: () => string | null;
};

type EmailFrameProps = {
  html: string;
  /** Text parts (headings, paragraphs, button labels, captions) become editable in place. */
  editable?: boolean;
  onEdited?: () => void;
  title?: string;
};


const EDIT_STYLE = '[data-block-part][contenteditable]{outline:2px dashed rgba(0,0,0,.25);outline-offset:2px;border-radius:4px;cursor:text}[data-block-part][contenteditable]:focus{outline:2px solid #1c7ed6}';

/**
 * The rendered email in a frame the page can read but where nothing runs (sandbox without scripts), at a
 * phone's 360 px or a desktop inbox's 600 px, scaled down to fit. The frame grows to the email's height, so
 * the page scrolls as one (no scroll inside scroll on a phone). Editable: the text parts take the cursor.
 */
export const EmailFrame = forwardRef<EmailFrameHandle, EmailFrameProps>(function EmailFrame({ html, editable = false, onEdited, title = 'Email preview' }, ref) {
  const [device, setDevice] = useState<Device>('phone');
  const { ref: box, width: available } = useElementSize();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState(640);
  // The email is responsive: on a phone narrower than 360 px it is shown at the room there is, unscaled.
  const width = device === 'phone' && available > 0 ? Math.min(WIDTHS.phone, Math.floor(available)) : WIDTHS[device];
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  // Editing needs the real size: a scaled frame makes the text too small to tap accurately.
  const shownScale = editable ? 1 : scale;

  const prepare = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    if (editable) {
      const style = doc.createElement('style');
      style.setAttribute('data-mise-edit', '');
      style.textContent = EDIT_STYLE;
      doc.head.append(style);
      for (const part of doc.querySelectorAll<HTMLElement>('[data-block-part]')) {
        part.contentEditable = 'true';
        part.spellcheck = true;
      }
      doc.body.addEventListener('input', () => onEdited?.());
      // Links must not navigate while the owner edits a button label.
      doc.body.addEventListener('click', (event) => event.target instanceof Element && event.target.closest('a') && event.preventDefault());
    }
    // The frame is as tall as the email, also after its pictures load or the width changes.
    const fit = () => setHeight(Math.max(320, doc.body.scrollHeight));
    fit();
    new ResizeObserver(fit).observe(doc.body);
  }, [editable, onEdited]);

  useImperativeHandle(ref, () => ({
    editedHtml: () => {
      const doc = frame.current?.contentDocument;
      if (!doc) return null;
      const copy = doc.documentElement.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[data-mise-edit]').forEach((element) => element.remove());
      copy.querySelectorAll('[contenteditable]').forEach((element) => {
        element.removeAttribute('contenteditable');
        element.removeAttribute('spellcheck');
      });
      return `<!doctype html>${copy.outerHTML}`;
    },
  }));

  return (
    <div>
      <Group justify="space-between" mb="xs">
        <SegmentedControl
          size="md"
          aria-label="Preview size"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          data={[
            { value: 'phone', label: 'Phone' },
            { value: 'desktop', label: 'Desktop' },
          ]}
        />
      </Group>
      <div ref={box} style={{ overflowX: editable ? 'auto' : 'hidden' }}>
        <div style={{ width: width * shownScale, height: height * shownScale, margin: '0 auto' }}>
          <iframe
            // A new frame for new HTML or a change of mode: the document is prepared once, on load.
            key={`${editable}-${html.length}-${device}-${width}`}
            ref={frame}
            title={`${title}, ${device}`}
            data-testid="email-frame"
            // allow-same-origin lets the page read the edited text; without allow-scripts nothing in the email runs.
            sandbox="allow-same-origin"
            srcDoc={editable ? html : showMergeTags(html)}
            width={width}
            height={height}
            onLoad={prepare}
            style={{ border: 0, transform: `scale(${shownScale})`, transformOrigin: '0 0', background: '#fff', borderRadius: 8 }}
          />
        </div>
      </div>
    </div>
  );
});
