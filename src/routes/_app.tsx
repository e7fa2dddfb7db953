import { createFileRoute, Navigate, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { displayNameOf, isStaffSession, sessionStore, useSession } from '../lib/session.ts';
import { staffNavItems } from '../ui/nav-items.ts';
import { staffMayOpen } from '../ui/staff-paths.ts';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { SyncBadge } from '../features/sync/sync-badge.tsx';
import { SyncBanners } from '../features/sync/sync-banners.tsx';
import { AppShellLayout } from '../ui/app-shell-layout.tsx';

// Refreshes who the owner is and sends an unverified account to the code screen: not part of the signed-in first load
// (it never held a screen up). Mounted by an effect, right after the frame's first commit (so after the first paint),
// not later: mounted after the idle-time `afterFirstPaint`, its /users/me refresh ran offline and again on reconnect,
// beside the outbox's drain, and e2e/text.spec.ts's offline chat journey failed (2 runs of 2).
const AccountCheck = lazy(() => import('../features/profile/account-check.tsx'));

// Every signed-in screen lives under this pathless layout.
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    const session = sessionStore.get();
    if (!session) throw redirect({ to: '/signin', search: { redirect: location.href } });
    // A team member reaches the media library and their own account only (the server refuses the rest too).
    if (isStaffSession(session) && !staffMayOpen(location.pathname)) throw redirect({ to: '/', replace: true });
  },
  component: AppLayout,
});

function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const handleSignOut = useSignOut();
  const [checkAccount, setCheckAccount] = useState(false);
  useEffect(() => setCheckAccount(true), []);

  // The session can end while a screen is open (expired token, sign-out in another tab).
  if (!session) return <Navigate to="/signin" search={{ redirect: location.href }} replace />;

  return (
    <AppShellLayout
      user={{ name: session.name, displayName: displayNameOf(session.name), image: session.image }}
      onSignOut={() => void handleSignOut()}
      headerExtras={<SyncBadge />}
      banner={<SyncBanners />}
      items={isStaffSession(session) ? staffNavItems : undefined}
    >
      <Suspense fallback={null}>{checkAccount && <AccountCheck />}</Suspense>
      <Outlet />
    </AppShellLayout>
  );
}
