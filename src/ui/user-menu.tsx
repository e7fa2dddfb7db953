import { lazy, Suspense, useState } from 'react';
import { UserButton, type ShellUser } from './user-button.tsx';

export type { ShellUser } from './user-button.tsx';

type UserMenuProps = { user: ShellUser; onSignOut: () => void };

// The menu itself (Menu, Popover, floating-ui: ~25 KB gzip) is fetched when the owner reaches for the avatar.
const LoadedUserMenu = lazy(() => import('./user-menu-loaded.tsx'));

/** The avatar menu: the account screens and Sign out, one tap each. A tap before its code arrives opens it on arrival. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [state, setState] = useState<'idle' | 'wanted' | 'open'>('idle');
  const want = () => setState((current) => (current === 'idle' ? 'wanted' : current));
  const placeholder = <UserButton user={user} onPointerEnter={want} onTouchStart={want} onFocus={want} onClick={() => setState('open')} />;
  if (state === 'idle') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedUserMenu user={user} onSignOut={onSignOut} defaultOpened={state === 'open'} />
    </Suspense>
  );
}
