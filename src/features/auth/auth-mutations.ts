import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OtpType } from '../../contract/auth.ts';
import { sessionStore } from '../../lib/session.ts';
import { authApi } from './auth-api.ts';
import { sessionFromSignin, sessionFromSignup, sessionFromSocial } from './session-from.ts';

// Each hook stores what the server handed back; the screens toast and navigate.

export const useSignin = () =>
  useMutation({
    mutationFn: authApi.signin,
    onSuccess: (response) => sessionStore.set(sessionFromSignin(response)),
  });

export const useSignup = () =>
  useMutation({
    mutationFn: authApi.signup,
    onSuccess: (response, { email }) => {
      // The token works once the account is verified; the code goes to this address.
      sessionStore.set(sessionFromSignup(response));
      sessionStore.setPendingEmail(email);
    },
  });

export const useGoogleSignin = () =>
  useMutation({
    mutationFn: authApi.googleSignin,
    onSuccess: (response) => sessionStore.set(sessionFromSocial(response)),
  });

export const useAppleSignin = () =>
  useMutation({
    mutationFn: authApi.appleSignin,
    onSuccess: (response) => sessionStore.set(sessionFromSocial(response)),
  });

export const useRequestOtp = () =>
  useMutation({ mutationFn: ({ email, otpType }: { email: string; otpType: OtpType }) => authApi.requestOtp(email, otpType) });

export function useVerifyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.verifyAccount,
    onSuccess: () => {
      sessionStore.setPendingEmail(null);
      // Anything fetched before verification (an unverified /users/me) would send the owner back here.
      queryClient.removeQueries();
    },
  });
}

export const useResetPassword = () =>
  useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: () => sessionStore.setPendingEmail(null),
  });
