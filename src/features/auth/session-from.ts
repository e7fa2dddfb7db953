import type { SigninResponse, SignupResponse, SocialSigninResponse } from '../../contract/auth.ts';
import type { Session } from '../../lib/session.ts';

const noPlan = { activeSubscription: null, activeSubscriptionStart: null, activeSubscriptionEnd: null } as const;

export const sessionFromSignin = (response: SigninResponse): Session => ({ ...response });

// Sign-up and social sign-in answers carry less; the rest arrives with the first /users/me.
export const sessionFromSignup = (response: SignupResponse): Session => ({ ...response, image: null, ...noPlan });

export const sessionFromSocial = ({ id, ...response }: SocialSigninResponse): Session => ({ ...response, userId: id, image: null, ...noPlan });
