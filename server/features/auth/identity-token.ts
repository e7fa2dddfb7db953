import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';

export type SocialProvider = 'google' | 'apple';
export const PROVIDER_NAME: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

type ProviderConfig = { clientId: string; jwksUrl: string; issuers: string[] };

export function providerConfig(env: Env, provider: SocialProvider): ProviderConfig | null {
  if (provider === 'google') {
    if (!env.GOOGLE_CLIENT_ID) return null;
    // Google signs with either form of its issuer.
    const bare = env.GOOGLE_ISSUER.replace(/^https:\/\//, '');
    return { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL, issuers: [env.GOOGLE_ISSUER, bare] };
  }
  if (!env.APPLE_CLIENT_ID) return null;
  return { clientId: env.APPLE_CLIENT_ID, jwksUrl: env.APPLE_JWKS_URL, issuers: [env.APPLE_ISSUER] };
}

// Providers send `email_verified` as a boolean (Google) or the string "true" (Apple).
export const isTrue = (value: unknown) => value === true || value === 'true';
export const stringClaim = (payload: JWTPayload, name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : null);

const notConfigured = (provider: SocialProvider) =>
  new AppError(503, `This server has no ${PROVIDER_NAME[provider]} sign-in set up`, 'not_configured');

// One key set per URL for the life of the process: jose caches the keys and refetches on an unknown `kid`.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySetFor = (url: string) => {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, keySet);
  }
  return keySet;
};

/** Checks signature (against the provider's JWKS), issuer, audience and expiry; returns the claims. */
export async function verifyIdentityToken(env: Env, logger: Logger, provider: SocialProvider, token: string): Promise<JWTPayload & { sub: string }> {
  const config = providerConfig(env, provider);
  if (!config) throw notConfigured(provider);
  const name = PROVIDER_NAME[provider];
  try {
    const { payload } = await jwtVerify(token, keySetFor(config.jwksUrl), {
      issuer: config.issuers,
      audience: config.clientId,
      // Both providers sign with RS256; pinning it rules out algorithm confusion.
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    });
    return { ...payload, sub: String(payload.sub) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError(401, `Your ${name} sign-in has expired. Please try again.`, 'unauthenticated');
    if (error instanceof errors.JWTClaimValidationFailed) {
      throw new AppError(401, `This ${name} sign-in was not made for this server.`, 'unauthenticated');
    }
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JWKSNoMatchingKey ||
      error instanceof errors.JWSInvalid ||
      error instanceof errors.JWTInvalid ||
      error instanceof errors.JOSEAlgNotAllowed ||
      error instanceof errors.JOSENotSupported
    ) {
      throw new AppError(401, `The ${name} sign-in could not be verified. Please try again.`, 'unauthenticated');
    }
    // The key set could not be fetched (network, timeout, bad answer): not the user's fault.
    logger.error({ err: error, provider }, 'could not check an identity token');
    throw new AppError(502, `Could not reach ${name} to check the sign-in. Please try again later.`, 'internal');
  }
}
