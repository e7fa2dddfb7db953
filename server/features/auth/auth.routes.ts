import { Hono } from 'hono';
import {
  AppleSigninRequestSchema,
  GoogleSigninRequestSchema,
  RequestOtpRequestSchema,
  ResetPasswordRequestSchema,
  SigninRequestSchema,
  SignupRequestSchema,
  VerifyAccountRequestSchema,
  type AuthProvidersResponse,
} from '../../../src/contract/auth.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireSession } from '../../middleware/session.ts';
import { clientIp, limitByEmail, limitByIp } from './auth.limits.ts';
import { requestOtp, resetPassword, signin, signup, verifyAccount } from './auth.service.ts';
import { isTrue, providerConfig, stringClaim, verifyIdentityToken } from './identity-token.ts';
import { endSession } from './sessions.ts';
import { socialSignin } from './social.ts';

export const authRoutes = (deps: Deps) =>
  new Hono()
    .post('/signup', limitByIp(deps, 'signup'), validate('json', SignupRequestSchema), async (c) => {
      const body = c.req.valid('json');
      await limitByEmail(deps, 'signup', body.email, clientIp(c, deps.env));
      return c.json(await signup(deps, body, c.req.header('user-agent')), 201);
    })
    .post('/signin', limitByIp(deps, 'signin'), validate('json', SigninRequestSchema), async (c) => {
      const body = c.req.valid('json');
      return c.json(await signin(deps, body, c.req.header('user-agent'), clientIp(c, deps.env)));
    })
    .post('/request-otp', limitByIp(deps, 'requestOtp'), validate('json', RequestOtpRequestSchema), async (c) => {
      const body = c.req.valid('json');
      await limitByEmail(deps, 'requestOtp', body.email, clientIp(c, deps.env));
      return c.json(await requestOtp(deps, body));
    })
    .post('/verify-account', limitByIp(deps, 'verifyAccount'), validate('json', VerifyAccountRequestSchema), async (c) => {
      const body = c.req.valid('json');
      await limitByEmail(deps, 'verifyAccount', body.email, clientIp(c, deps.env));
      return c.json(await verifyAccount(deps, body));
    })
    .post('/reset-password', limitByIp(deps, 'resetPassword'), validate('json', ResetPasswordRequestSchema), async (c) => {
      const body = c.req.valid('json');
      await limitByEmail(deps, 'resetPassword', body.email, clientIp(c, deps.env));
      return c.json(await resetPassword(deps, body, clientIp(c, deps.env)));
    })
    .post('/google-signin', limitByIp(deps, 'social'), validate('json', GoogleSigninRequestSchema), async (c) => {
      const payload = await verifyIdentityToken(deps.env, deps.logger, 'google', c.req.valid('json').idToken);
      const email = stringClaim(payload, 'email');
      if (!email || !isTrue(payload.email_verified)) {
        throw new AppError(403, 'Google has not verified this email address, so it cannot be used to sign in to Mise.', 'forbidden');
      }
      const identity = { provider: 'google' as const, sub: payload.sub, email: email.toLowerCase(), name: stringClaim(payload, 'name') };
      return c.json(await socialSignin(deps, identity, c.req.header('user-agent')));
    })
    .post('/apple-signin', limitByIp(deps, 'social'), validate('json', AppleSigninRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const payload = await verifyIdentityToken(deps.env, deps.logger, 'apple', body.authToken);
      if (body.sub && body.sub !== payload.sub) throw new AppError(401, 'The Apple sign-in could not be verified. Please try again.', 'unauthenticated');
      // Only the token's email counts (bodies are never trusted); Apple gives the name to the page once, on first sign-in.
      const email = stringClaim(payload, 'email');
      const identity = {
        provider: 'apple' as const,
        sub: payload.sub,
        email: email && isTrue(payload.email_verified) ? email.toLowerCase() : null,
        name: body.name || null,
      };
      return c.json(await socialSignin(deps, identity, c.req.header('user-agent')));
    })
    .get('/providers', (c) => {
      const google = providerConfig(deps.env, 'google');
      const apple = providerConfig(deps.env, 'apple');
      const origin = deps.env.PUBLIC_URL || new URL(c.req.url).origin;
      const body: AuthProvidersResponse = {
        google: google ? { clientId: google.clientId } : null,
        apple: apple ? { clientId: apple.clientId, redirectUri: deps.env.APPLE_REDIRECT_URI || `${origin.replace(/\/$/, '')}/signin` } : null,
      };
      return c.json(body);
    })
    .post('/signout', requireSession(deps, { allowUnverified: true }), async (c) => {
      await endSession(deps, c.get('sessionId'));
      return c.json({ message: 'Signed out' });
    });
