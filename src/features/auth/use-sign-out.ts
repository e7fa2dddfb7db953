import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { countUnsentOps } from '../../lib/outbox/store.ts';
import { sessionStore } from '../../lib/session.ts';

/** Leaves the signed-in screens first (so they do not redirect with `?redirect=`), then signs out. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Sign-out wipes the outbox: say what would be lost while there is still a choice.
    const userId = sessionStore.get()?.userId;
    const unsent = userId ? await countUnsentOps(userId).catch(() => 0) : 0;
    const lose = unsent === 1 ? '1 change made on this device has' : `${unsent} changes made on this device have`;
    if (unsent > 0 && !window.confirm(`${lose} not reached Mise yet. Sign out anyway and lose ${unsent === 1 ? 'it' : 'them'}?`)) return;
    // The sign-out itself is fetched on use: it is not part of the signed-in first load.
    const { signOut } = await import('./sign-out.ts');
    await navigate({ to: '/signin', replace: true });
    await signOut(queryClient);
  }, [navigate, queryClient]);
}
