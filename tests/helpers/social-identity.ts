import { afterAll, beforeAll } from 'vitest';
import { startJwks, type FakeJwks } from '../fakes/jwks.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Google and Apple as the server is set up for them in tests: identity tokens are signed by a local JWKS
// (tests/fakes/jwks.ts) and verified exactly as in production.
export const GOOGLE_CLIENT_ID = 'google-client-123.apps.googleusercontent.com';
export const APPLE_CLIENT_ID = 'com.mise.web';
/** Issuer and audience of a good token from each provider. */
export const GOOGLE = { issuer: 'https://accounts.google.com', audience: GOOGLE_CLIENT_ID };
export const APPLE = { issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT_ID };

let subs = 0;
/** A provider account id no other token of the run has. */
export const newSub = () => `sub-${Date.now()}-${subs++}`;

/**
 * An app with Google and Apple sign-in set up against a local JWKS, at https://mise.example. Registers its own
 * beforeAll / afterAll; `t` and `jwks` are set once the beforeAll has run.
 */
export function socialSignInApp(): { t: TestApp; jwks: FakeJwks } {
  const world = {} as { t: TestApp; jwks: FakeJwks };
  beforeAll(async () => {
    world.jwks = await startJwks();
    world.t = await createTestApp({ GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: world.jwks.url, APPLE_CLIENT_ID, APPLE_JWKS_URL: world.jwks.url, PUBLIC_URL: 'https://mise.example' });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.jwks?.close();
  });
  return world;
}
