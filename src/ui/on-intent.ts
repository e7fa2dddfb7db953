import { useCallback, useState } from 'react';

/**
 * For a part of the shell fetched on first use (a menu, a sheet): `wanted` turns true on the first sign that the owner
 * is about to use it (pointer over, finger down, keyboard focus, a tap), so its code is usually there by the click.
 * Spread `intentProps` on the trigger.
 */
export function useIntent() {
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  return { wanted, want, intentProps: { onPointerEnter: want, onTouchStart: want, onFocus: want } } as const;
}
