import { randomBytes } from 'node:crypto';
import { POS_SYSTEM_NAMES, type PosProviderId } from '../../../src/contract/pos.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { PosApiError } from '../../providers/pos/pos-http.ts';
import { enqueueImport } from './pos-import.ts';
import { posRedirectUri, providerSetup, type PosDeps } from './pos-config.ts';
import { sealTokens, type FreshTokens } from './pos-tokens.ts';

const STATE_TTL_MS = 15 * 60 * 1000;

function requireConfigured(deps: PosDeps, provider: PosProviderId) {
  const setup = providerSetup(deps.env, provider);
  if (!setup.configured) throw new AppError(503, setup.hint ?? `${POS_SYSTEM_NAMES[provider]} is not set up`, 'not_configured');
}

/** One point of sale at a time (spec §4: Connect is disabled while the other provider is connected). */
async function assertOtherNotConnected(deps: PosDeps, userId: string, provider: PosProviderId) {
  const other: PosProviderId = provider === 'square' ? 'clover' : 'square';
  const row = await deps.db.selectFrom('pos_connections').select('id').where('user_id', '=', userId).where('provider', '=', other).executeTakeFirst();
  if (row) throw new AppError(409, `Disconnect ${POS_SYSTEM_NAMES[other]} before connecting ${POS_SYSTEM_NAMES[provider]}`, 'conflict');
}

/** The provider's authorisation address with a fresh single-use `state` bound to this owner. */
export async function posLoginUrl(deps: PosDeps, userId: string, provider: PosProviderId, requestOrigin: string): Promise<string> {
  requireConfigured(deps, provider);
  await assertOtherNotConnected(deps, userId, provider);
  const state = randomBytes(24).toString('base64url');
  const now = deps.now();
  // Only the newest attempt can finish.
  await deps.db.deleteFrom('pos_oauth_states').where('user_id', '=', userId).where('provider', '=', provider).execute();
  await deps.db
    .insertInto('pos_oauth_states')
    .values({ state_hash: sha256(state), user_id: userId, provider, created_at: now, expires_at: new Date(now.getTime() + STATE_TTL_MS) })
    .execute();
  const redirectUri = posRedirectUri(deps.env, requestOrigin, provider);
  return provider === 'square' ? deps.pos.square.authorizeUrl(state, redirectUri) : deps.pos.clover.authorizeUrl(state, redirectUri);
}

/**
 * Spends the state: it must be one we gave this owner for this provider, unused and fresh. Clover's echo of
 * `state` is unconfirmed, so without one the owner's own pending attempt (started minutes ago, and reached
 * with the owner's bearer token) is spent instead.
 */
async function consumeState(deps: PosDeps, userId: string, provider: PosProviderId, state: string | null) {
  const now = deps.now();
  let query = deps.db
    .updateTable('pos_oauth_states')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now);
  if (state !== null || provider === 'square') query = query.where('state_hash', '=', sha256(state ?? ''));
  const row = await query.returning('state_hash').executeTakeFirst();
  if (!row) throw new AppError(400, `This ${POS_SYSTEM_NAMES[provider]} sign-in could not be verified. Please press Connect again.`, 'validation');
}

function callbackParams(redirectUrl: string) {
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    throw fieldError('redirect_url', 'The return address is not a valid address');
  }
  const get = (name: string) => url.searchParams.get(name)?.trim() || null;
  return { get };
}

async function saveConnection(deps: PosDeps, userId: string, provider: PosProviderId, merchantId: string, tokens: FreshTokens): Promise<string> {
  const now = deps.now();
  const values = {
    ...sealTokens(deps, userId, provider, tokens),
    merchant_id: merchantId,
    status: 'importing' as const,
    progress: 0,
    message: 'Starting the import',
    import_state: null,
    orders_synced_until: null,
    connected_at: now,
    updated_at: now,
  };
  const row = await deps.db
    .insertInto('pos_connections')
    .values({ user_id: userId, provider, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueImport(deps, row.id);
  return row.id;
}

const refused = (provider: PosProviderId, error: unknown) =>
  error instanceof PosApiError
    ? new AppError(400, `${POS_SYSTEM_NAMES[provider]} did not accept this connection (${error.message}). Please press Connect again.`, 'validation')
    : error;

/** Square's callback: ?code=&response_type=code&state= (or error=access_denied). */
export async function finishSquare(deps: PosDeps, userId: string, redirectUrl: string, requestOrigin: string) {
  requireConfigured(deps, 'square');
  const { get } = callbackParams(redirectUrl);
  if (get('error')) throw new AppError(400, `Square access was not granted (${get('error_description') ?? get('error')})`, 'validation');
  const code = get('code');
  if (!code) throw fieldError('redirect_url', 'The return address carries no authorization code');
  await consumeState(deps, userId, 'square', get('state') ?? '');
  await assertOtherNotConnected(deps, userId, 'square');
  const tokens = await deps.pos.square.exchangeCode(code, posRedirectUri(deps.env, requestOrigin, 'square')).catch((error: unknown) => {
    throw refused('square', error);
  });
  await saveConnection(deps, userId, 'square', tokens.merchantId, tokens);
  return { message: 'Square connected. Importing your customers and orders.' };
}

/** Clover's callback: ?merchant_id=&employee_id=&client_id=&code=[&state=]. */
export async function finishClover(deps: PosDeps, userId: string, redirectUrl: string) {
  requireConfigured(deps, 'clover');
  const { get } = callbackParams(redirectUrl);
  const code = get('code');
  const merchantId = get('merchant_id');
  if (!code || !merchantId) throw fieldError('redirect_url', 'Clover did not send back what it should (the code and the merchant). Please press Connect again.');
  if (get('client_id') && get('client_id') !== deps.env.CLOVER_CLIENT_ID) throw fieldError('redirect_url', 'This Clover authorization was issued for another app');
  await consumeState(deps, userId, 'clover', get('state'));
  await assertOtherNotConnected(deps, userId, 'clover');
  const client = deps.pos.clover;
  const tokens = await client.exchangeCode(code).catch((error: unknown) => {
    throw refused('clover', error);
  });
  // The merchant id comes from the address bar; the token must really belong to that merchant.
  await client.merchant(tokens.accessToken, merchantId).catch((error: unknown) => {
    throw refused('clover', error);
  });
  await saveConnection(deps, userId, 'clover', merchantId, tokens);
  return { message: 'Clover connected. Importing your customers and orders.' };
}
