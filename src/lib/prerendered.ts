/**
 * The sign-in screen index.html paints before the JavaScript arrives (scripts/first-paint.ts): React's first render
 * replaces it with the same markup, and what was typed into it meanwhile is carried over, so nothing typed is lost.
 * Its fields are held from when this module is loaded (with the sign-in screen's file, before React's first render),
 * so that their values can still be read after React has removed them.
 */
const inputs = new Map<string, HTMLInputElement>();
let focused: HTMLInputElement | null = null;

if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-prerendered')) {
  for (const input of document.querySelectorAll<HTMLInputElement>('#root [data-prerender] input[autocomplete]')) {
    inputs.set(input.autocomplete, input);
    if (document.activeElement === input) focused = input;
    input.addEventListener('focus', () => (focused = input));
    // Chromium fires blur when React removes the focused field too (still connected then): only a real move elsewhere
    // counts, known once the removal is over.
    input.addEventListener('blur', () =>
      queueMicrotask(() => {
        if (input.isConnected && focused === input) focused = null;
      }),
    );
  }
}

/**
 * Once, right after the first commit: what was typed in each named field (by `autocomplete`) and which had focus; null
 * when there was no HTML screen or it was taken already.
 */
export function takePrerenderedInputs(names: readonly string[]): { values: string[]; focused: string | null } | null {
  if (inputs.size === 0) return null;
  const taken = { values: names.map((name) => inputs.get(name)?.value ?? ''), focused: focused?.autocomplete ?? null };
  inputs.clear();
  focused = null;
  return taken;
}
