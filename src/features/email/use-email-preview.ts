import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { EmailContent } from '../../contract/email.ts';

/**
 * The preview HTML: given by the route (`html`), or asked of the server through `render` a moment after the
 * owner stops typing. Rendering stays on the server (MJML is not shipped to phones); an answer that arrives
 * after a newer request started is dropped.
 */
export function useEmailPreview(content: EmailContent, html: string | null | undefined, render: ((content: EmailContent) => Promise<string>) | undefined) {
  const [debounced] = useDebouncedValue(content, 600);
  const [rendered, setRendered] = useState<{ html: string | null; loading: boolean; error: string | null }>({ html: null, loading: Boolean(render), error: null });

  useEffect(() => {
    if (!render) return;
    let current = true;
    setRendered((previous) => ({ ...previous, loading: true }));
    render(debounced).then(
      (next) => current && setRendered({ html: next, loading: false, error: null }),
      () => current && setRendered((previous) => ({ ...previous, loading: false, error: 'The preview could not be updated. Your changes are kept.' })),
    );
    return () => {
      current = false;
    };
  }, [debounced, render]);

  return render ? rendered : { html: html ?? null, loading: false, error: null };
}

/**
 * With the on-screen keyboard open, the visible part of the page shrinks (visualViewport); keep the field
 * being typed in centred in what is left, so the owner sees what they type at 360 px.
 */
export function useKeepFocusedInView(root: HTMLElement | null) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!root || !viewport) return;
    const handleResize = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && root.contains(active)) active.scrollIntoView({ block: 'center', behavior: 'smooth' });
    };
    viewport.addEventListener('resize', handleResize);
    return () => viewport.removeEventListener('resize', handleResize);
  }, [root]);
}
