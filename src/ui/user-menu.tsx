import { lazy, Suspense, useState } from 'react';
import { UserButton, type ShellUser } from './user-button.tsx';

export type { ShellUser } from './user-button.tsx';

type UserMenuProps = { user: ShellUser; onSignOut: () => void };

// The menu itself (Menu, Popover, floating-ui: ~25 KB gzip) is fetched when the owner reaches for the avatar (pointer
// over, finger down, focus) and shown on the tap. The button is swapped for the menu's own only after the tap, so the
// tap is never split between two elements.
const loadMenu = () => import('./user-menu-loaded.tsx');
const LoadedUserMenu = lazy(loadMenu);
const preload = () => void loadMenu();

/** The avatar menu: the account screens and Sign out, one tap each. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [used, setUsed] = useState(false);
  const placeholder = <UserButton user={user} onPointerEnter={preload} onTouchStart={preload} onFocus={preload} onClick={() => setUsed(true)} />;
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedUserMenu user={user} onSignOut={onSignOut} defaultOpened />
    </Suspense>
  );
}
