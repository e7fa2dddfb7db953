import { useEffect, useState } from 'react';

/** What the phone's keyboard leaves of the screen: at least this much less than the layout viewport means it is open. */
const KEYBOARD_MIN_PX = 150;

/** True when a text field has the focus and the visible viewport is a keyboard's height shorter than the page's. */
export function keyboardOpen(layoutHeight: number, visibleHeight: number, editing: boolean): boolean {
  return editing && layoutHeight - visibleHeight >= KEYBOARD_MIN_PX;
}

const isEditable = (element: Element | null) =>
  element instanceof HTMLElement && (element.isContentEditable || element.tagName === 'TEXTAREA' || (element.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'file', 'range', 'color'].includes((element as HTMLInputElement).type)));

/**
 * Whether the on-screen keyboard is up (phones): the bottom bar steps aside while the owner types, so the field and
 * the screen's own buttons keep the little room that is left. Reads the visual viewport; false where there is none.
 */
export function useOnScreenKeyboard(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setOpen(keyboardOpen(window.innerHeight, viewport.height, isEditable(document.activeElement)));
    viewport.addEventListener('resize', update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      viewport.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return open;
}
