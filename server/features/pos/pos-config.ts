import type { PosProviderId } from '../../../src/contract/pos.ts';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { hasConfiguredKey, secretBox, type SecretBox } from '../../lib/secret-box.ts';

export type PosDeps = Pick<Deps, 'db' | 'env' | 'logger' | 'now' | 'pos'>;

/** Data directories already warned about a generated key (once per process, not per token). */
const warned = new Set<string>();

/**
 * The box POS tokens are sealed in: the app's one secret box (DATA_ENCRYPTION_KEY). Outside production a key
 * generated under DATA_DIR will do; in production without a chosen key, POS connections are refused rather
 * than sealed with a key nobody chose.
 */
export function posTokenBox(env: Pick<Env, 'DATA_ENCRYPTION_KEY' | 'POS_TOKEN_KEY' | 'NODE_ENV' | 'dataDir'>, logger: Logger): SecretBox | null {
  if (!hasConfiguredKey(env)) {
    if (env.NODE_ENV === 'production') return null;
    if (!warned.has(env.dataDir)) {
      warned.add(env.dataDir);
      logger.warn(`DATA_ENCRYPTION_KEY is not set: POS tokens are encrypted with a key generated in ${env.dataDir}`);
    }
  }
  return secretBox(env);
}


/** What the server operator must set for a provider to be connectable (for the start-up summary and logs, never owners). */
export function providerSetupNeeds(env: Env, provider: PosProviderId): string | null {
  const prefix = provider === 'square' ? 'SQUARE' : 'CLOVER';
  const credentials = provider === 'square' ? env.SQUARE_CLIENT_ID && env.SQUARE_CLIENT_SECRET : env.CLOVER_CLIENT_ID && env.CLOVER_CLIENT_SECRET;
  if (!credentials) return `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`;
  if (env.NODE_ENV === 'production' && !hasConfiguredKey(env)) return 'DATA_ENCRYPTION_KEY (production mode keeps no generated key for tokens)';
  return null;
}

/** Whether a provider can be connected on this server, and if not, what the card should say. */
export function providerSetup(env: Env, provider: PosProviderId): { configured: boolean; hint: string | null } {
  const name = provider === 'square' ? 'Square' : 'Clover';
  const credentials = provider === 'square' ? env.SQUARE_CLIENT_ID && env.SQUARE_CLIENT_SECRET : env.CLOVER_CLIENT_ID && env.CLOVER_CLIENT_SECRET;
  if (!credentials) {
    // Owners read this: what they can do. The variables to set are in the server's start-up summary and the README.
    return { configured: false, hint: `${name} isn't available on this Mise yet: import a CSV export of your customers instead.` };
  }
  if (env.NODE_ENV === 'production' && !hasConfiguredKey(env)) {
    return { configured: false, hint: `${name} isn't available on this Mise yet: import a CSV export of your customers instead.` };
  }
  return { configured: true, hint: null };
}

/** The callback address registered with the provider: PUBLIC_URL when set, else the address the app was reached at. */
export const posRedirectUri = (env: Env, requestOrigin: string, provider: PosProviderId) =>
  `${(env.PUBLIC_URL || requestOrigin).replace(/\/+$/, '')}/${provider}_callback`;

export const sealContext = (userId: string, provider: PosProviderId, kind: 'access' | 'refresh') => `pos:${userId}:${provider}:${kind}`;
