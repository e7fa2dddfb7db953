import type { Env } from '../../env.ts';

export type CspSources = { scriptSrc: string[]; connectSrc: string[]; frameSrc: string[]; styleSrc: string[] };

/**
 * Google Identity Services and Sign in with Apple JS load scripts and frames from their own origins;
 * the CSP allows them only when that sign-in is configured.
 */
export function socialSigninCspSources(env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'APPLE_CLIENT_ID'>): CspSources {
  const sources: CspSources = { scriptSrc: [], connectSrc: [], frameSrc: [], styleSrc: [] };
  if (env.GOOGLE_CLIENT_ID) {
    sources.scriptSrc.push('https://accounts.google.com/gsi/client');
    sources.frameSrc.push('https://accounts.google.com/gsi/');
    sources.connectSrc.push('https://accounts.google.com/gsi/');
    sources.styleSrc.push('https://accounts.google.com/gsi/style');
  }
  if (env.APPLE_CLIENT_ID) {
    sources.scriptSrc.push('https://appleid.cdn-apple.com');
    sources.frameSrc.push('https://appleid.apple.com');
    sources.connectSrc.push('https://appleid.apple.com');
  }
  return sources;
}

/** Both sign-in popups report back through window.opener, which COOP same-origin would cut. */
export const socialSigninNeedsPopups = (env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'APPLE_CLIENT_ID'>) =>
  Boolean(env.GOOGLE_CLIENT_ID || env.APPLE_CLIENT_ID);
