import {
  AuthProvidersResponseSchema,
  RequestOtpResponseSchema,
  SigninResponseSchema,
  SignupResponseSchema,
  SocialSigninResponseSchema,
  type OtpType,
} from '../../contract/auth.ts';
import { MessageResponseSchema } from '../../contract/common.ts';
import { api } from '../../lib/api.ts';

// The one kind of user (spec §6); every auth body carries it.
const userType = 'regular' as const;

export const authApi = {
  providers: () => api('/auth/providers', AuthProvidersResponseSchema),
  signin: (body: { email: string; password: string }) => api('/auth/signin', SigninResponseSchema, { json: { ...body, userType } }),
  // The phone's time zone becomes the restaurant's (schedules are picked in it); the owner can change it in Settings.
  signup: (body: { name: string; email: string; password: string }) =>
    api('/auth/signup', SignupResponseSchema, { json: { ...body, userType, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }),
  googleSignin: (idToken: string) => api('/auth/google-signin', SocialSigninResponseSchema, { json: { idToken, userType } }),
  appleSignin: (body: { authToken: string; name?: string; email?: string }) =>
    api('/auth/apple-signin', SocialSigninResponseSchema, { json: { ...body, userType } }),
  requestOtp: (email: string, otpType: OtpType) => api('/auth/request-otp', RequestOtpResponseSchema, { json: { email, otpType, userType } }),
  verifyAccount: (body: { email: string; otp: string }) => api('/auth/verify-account', MessageResponseSchema, { json: { ...body, userType } }),
  resetPassword: (body: { email: string; otp: string; password: string; confirmPassword: string }) =>
    api('/auth/reset-password', MessageResponseSchema, { json: { ...body, userType } }),
};
