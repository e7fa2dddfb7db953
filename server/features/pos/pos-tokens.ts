import type { PosProviderId } from '../../../src/contract/pos.ts';
import { AppError } from '../../lib/app-error.ts';
import { PosApiError } from '../../providers/pos/pos-http.ts';
import { posTokenBox, sealContext, type PosDeps } from './pos-config.ts';
import type { PosConnection } from './pos.table.ts';

/** Tokens are renewed this long before they lapse, so an import page never starts with a dying token. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;

export type FreshTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; refreshExpiresAt?: Date | null };

function requireBox(deps: PosDeps) {
  const box = posTokenBox(deps.env, deps.logger);
  if (!box) throw new AppError(503, "Connecting a point of sale isn't available on this Mise yet: import a CSV export of your customers instead.", 'not_configured');
  return box;
}

export function sealTokens(deps: PosDeps, userId: string, provider: PosProviderId, tokens: FreshTokens) {
  const box = requireBox(deps);
  return {
    access_token_sealed: box.seal(tokens.accessToken, sealContext(userId, provider, 'access')),
    refresh_token_sealed: tokens.refreshToken ? box.seal(tokens.refreshToken, sealContext(userId, provider, 'refresh')) : null,
    access_expires_at: tokens.expiresAt,
    refresh_expires_at: tokens.refreshExpiresAt ?? null,
  };
}

export function openAccessToken(deps: PosDeps, connection: PosConnection): string {
  return requireBox(deps).open(connection.access_token_sealed, sealContext(connection.user_id, connection.provider, 'access'));
}

async function refreshWithProvider(deps: PosDeps, connection: PosConnection): Promise<FreshTokens> {
  if (!connection.refresh_token_sealed) throw new PosApiError(401, 'UNAUTHORIZED', 'The connection has no refresh token; connect again');
  const refreshToken = requireBox(deps).open(connection.refresh_token_sealed, sealContext(connection.user_id, connection.provider, 'refresh'));
  return connection.provider === 'square' ? deps.pos.square.refresh(refreshToken) : deps.pos.clover.refresh(refreshToken);
}

/**
 * A usable access token: refreshed when it lapses within REFRESH_MARGIN_MS (or when `force`, after a 401).
 * The new tokens are written only if nobody refreshed in between (compare-and-set on the sealed refresh
 * token), because Clover refresh tokens work once; the loser uses the winner's tokens.
 */
export async function accessTokenFor(deps: PosDeps, connection: PosConnection, options: { force?: boolean } = {}): Promise<{ token: string; connection: PosConnection }> {
  const expiresAt = connection.access_expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
  if (!options.force && expiresAt - deps.now().getTime() > REFRESH_MARGIN_MS) return { token: openAccessToken(deps, connection), connection };
  let tokens: FreshTokens;
  try {
    tokens = await refreshWithProvider(deps, connection);
  } catch (error) {
    const current = await deps.db.selectFrom('pos_connections').selectAll().where('id', '=', connection.id).executeTakeFirst();
    if (current && current.refresh_token_sealed !== connection.refresh_token_sealed) return { token: openAccessToken(deps, current), connection: current };
    throw error;
  }
  const sealed = sealTokens(deps, connection.user_id, connection.provider, { ...tokens, refreshToken: tokens.refreshToken ?? null });
  if (!sealed.refresh_token_sealed) sealed.refresh_token_sealed = connection.refresh_token_sealed; // Square may omit an unchanged one
  const updated = await deps.db
    .updateTable('pos_connections')
    .set({ ...sealed, refresh_expires_at: sealed.refresh_expires_at ?? connection.refresh_expires_at, updated_at: deps.now() })
    .where('id', '=', connection.id)
    .where((eb) => (connection.refresh_token_sealed ? eb('refresh_token_sealed', '=', connection.refresh_token_sealed) : eb('refresh_token_sealed', 'is', null)))
    .returningAll()
    .executeTakeFirst();
  if (updated) return { token: tokens.accessToken, connection: updated };
  const current = await deps.db.selectFrom('pos_connections').selectAll().where('id', '=', connection.id).executeTakeFirstOrThrow();
  return { token: openAccessToken(deps, current), connection: current };
}
