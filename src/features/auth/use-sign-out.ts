import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { signOut } from './sign-out.ts';

/** Leaves the signed-in screens first (so they do not redirect with `?redirect=`), then signs out. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate({ to: '/signin', replace: true });
    await signOut(queryClient);
  }, [navigate, queryClient]);
}
