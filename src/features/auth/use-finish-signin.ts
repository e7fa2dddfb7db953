import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notifySuccess } from '../../ui/notify.ts';

/** After any sign-in: say so and go where the user was heading (already checked to be on this origin). */
export function useFinishSignin(redirect: string | undefined) {
  const navigate = useNavigate();
  return useCallback(() => {
    notifySuccess('Signed in successfully');
    return navigate({ href: redirect ?? '/', replace: true });
  }, [navigate, redirect]);
}
