import { randomBytes } from 'node:crypto';
import type { TiktokProfile, TiktokStatus } from '../../../src/contract/socials.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { TiktokError, type TiktokTokens } from '../../providers/tiktok/tiktok-client.ts';
import { copyAvatar, deleteAvatarCopy } from './avatar-copy.ts';
import type { TiktokConnection } from './socials.table.ts';

type TiktokDeps = Pick<Deps, 'db' | 'env' | 'logger' | 'now' | 'storage' | 'tiktok'>;

const STATE_TTL_MS = 10 * 60 * 1000;
/** Access tokens are renewed this long before they lapse, so a publish never starts with a dying token. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;

const sealContext = (userId: string, kind: 'access' | 'refresh') => `tiktok:${userId}:${kind}`;

function requireConfigured(deps: TiktokDeps) {
  if (!deps.tiktok) throw new AppError(503, 'TikTok is not set up on this server yet', 'not_configured');
  return deps.tiktok;
}

/** TikTok wants the redirect exactly as registered: PUBLIC_URL when set, else the address the app was reached at. */
const tiktokRedirectUri = (deps: TiktokDeps, requestOrigin: string) =>
  `${(deps.env.PUBLIC_URL || requestOrigin).replace(/\/+$/, '')}/tiktok_callback`;

export async function tiktokLoginUrl(deps: TiktokDeps, userId: string, requestOrigin: string): Promise<string> {
  const client = requireConfigured(deps);
  const state = randomBytes(24).toString('base64url');
  const now = deps.now();
  // Old unused states of this user go: only the newest login attempt can finish.
  await deps.db.deleteFrom('oauth_states').where('user_id', '=', userId).where('provider', '=', 'tiktok').execute();
  await deps.db
    .insertInto('oauth_states')
    .values({ state_hash: sha256(state), user_id: userId, provider: 'tiktok', created_at: now, expires_at: new Date(now.getTime() + STATE_TTL_MS) })
    .execute();
  return client.authorizeUrl(state, tiktokRedirectUri(deps, requestOrigin));
}

/** The state must be one we handed this user, unused and fresh; it is spent whatever happens next. */
async function consumeState(deps: TiktokDeps, userId: string, state: string) {
  const now = deps.now();
  const row = await deps.db
    .updateTable('oauth_states')
    .set({ consumed_at: now })
    .where('state_hash', '=', sha256(state))
    .where('user_id', '=', userId)
    .where('provider', '=', 'tiktok')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('state_hash')
    .executeTakeFirst();
  if (!row) throw new AppError(400, 'This TikTok sign-in could not be verified. Please press Link again.', 'oauth_failed');
}

export async function connectTiktok(deps: TiktokDeps, userId: string, input: { code: string; state: string }, requestOrigin: string) {
  const client = requireConfigured(deps);
  await consumeState(deps, userId, input.state);
  const tokens = await client.exchangeCode(input.code, tiktokRedirectUri(deps, requestOrigin)).catch((error: unknown) => {
    throw toAppError(error, 'TikTok did not accept this sign-in. Please press Link again.');
  });
  const user = await client.userInfo(tokens.accessToken).catch((error: unknown) => {
    // The link works without the profile; the settings row just shows no name until the next look.
    deps.logger.warn({ err: error, userId }, 'tiktok user info failed after connect');
    return null;
  });
  const previous = await findConnection(deps, userId);
  const now = deps.now();
  const values = {
    ...tokenColumns(deps, userId, tokens, now),
    display_name: user?.displayName ?? null,
    avatar_url: await copyAvatar(deps, user?.avatarUrl ?? null),
    connected_at: now,
  };
  await deps.db
    .insertInto('tiktok_connections')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await deleteAvatarCopy(deps.storage, previous?.avatar_url ?? null);
  return { message: user?.displayName ? `TikTok connected as ${user.displayName}` : 'TikTok connected' };
}

function tokenColumns(deps: TiktokDeps, userId: string, tokens: TiktokTokens, now: Date) {
  const box = secretBox(deps.env);
  return {
    open_id: tokens.openId,
    scope: tokens.scope,
    access_token_sealed: box.seal(tokens.accessToken, sealContext(userId, 'access')),
    refresh_token_sealed: box.seal(tokens.refreshToken, sealContext(userId, 'refresh')),
    access_expires_at: new Date(now.getTime() + tokens.expiresIn * 1000),
    refresh_expires_at: new Date(now.getTime() + tokens.refreshExpiresIn * 1000),
    updated_at: now,
  };
}

const findConnection = (deps: TiktokDeps, userId: string) =>
  deps.db.selectFrom('tiktok_connections').selectAll().where('user_id', '=', userId).executeTakeFirst();

const linkLapsed = (row: TiktokConnection, now: Date) => row.refresh_expires_at.getTime() <= now.getTime();

/**
 * A usable access token, renewed when it is close to lapsing. Refresh tokens rotate: the new one
 * replaces the old in the same update. Two requests racing to refresh: the loser's refresh token
 * is already spent, so on invalid_grant we re-read and use the winner's tokens.
 */
async function freshConnection(deps: TiktokDeps, row: TiktokConnection): Promise<TiktokConnection | null> {
  const now = deps.now();
  if (linkLapsed(row, now)) return null;
  if (row.access_expires_at.getTime() - REFRESH_MARGIN_MS > now.getTime()) return row;
  const client = requireConfigured(deps);
  const refreshToken = secretBox(deps.env).open(row.refresh_token_sealed, sealContext(row.user_id, 'refresh'));
  try {
    const tokens = await client.refresh(refreshToken);
    const updated = await deps.db
      .updateTable('tiktok_connections')
      .set(tokenColumns(deps, row.user_id, tokens, deps.now()))
      .where('user_id', '=', row.user_id)
      .where('refresh_token_sealed', '=', row.refresh_token_sealed)
      .returningAll()
      .executeTakeFirst();
    return updated ?? (await findConnection(deps, row.user_id)) ?? null;
  } catch (error) {
    if (!(error instanceof TiktokError) || error.code !== 'invalid_grant') throw toAppError(error, 'TikTok could not be reached. Try again in a moment.');
    const latest = await findConnection(deps, row.user_id);
    if (latest && latest.refresh_token_sealed !== row.refresh_token_sealed) return latest;
    // TikTok no longer honours this link (revoked in the app, or lapsed): the owner must link again.
    await deps.db.updateTable('tiktok_connections').set({ refresh_expires_at: deps.now(), updated_at: deps.now() }).where('user_id', '=', row.user_id).execute();
    return null;
  }
}

/** For video publishing: the access token to call TikTok with, or a 409 asking to link again. */
export async function tiktokAccessToken(deps: TiktokDeps, userId: string): Promise<string> {
  requireConfigured(deps);
  const row = await findConnection(deps, userId);
  const fresh = row ? await freshConnection(deps, row) : null;
  if (!fresh) throw new AppError(409, 'Link your TikTok account in Settings → Social accounts first', 'conflict');
  return secretBox(deps.env).open(fresh.access_token_sealed, sealContext(userId, 'access'));
}

const profileOf = (row: TiktokConnection): TiktokProfile => ({ open_id: row.open_id, display_name: row.display_name, avatar_url: row.avatar_url });

export async function tiktokStatus(deps: TiktokDeps, userId: string): Promise<TiktokStatus> {
  const configured = deps.tiktok !== null;
  const row = await findConnection(deps, userId);
  if (!row) return { configured, status: 'Not connected', expires_in: null, user_profile: null };
  let fresh: TiktokConnection | null = linkLapsed(row, deps.now()) ? null : row;
  if (fresh && configured) {
    // TikTok being briefly unreachable must not make a good link look broken.
    fresh = await freshConnection(deps, row).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId }, 'tiktok refresh failed while reading status');
      return row;
    });
  }
  if (!fresh) return { configured, status: 'Expired', expires_in: 0, user_profile: profileOf(row) };
  const seconds = Math.max(0, Math.floor((fresh.refresh_expires_at.getTime() - deps.now().getTime()) / 1000));
  return { configured, status: 'Connected', expires_in: seconds, user_profile: profileOf(fresh) };
}

/** The profile as TikTok has it now (name or picture may have changed); the stored copy when TikTok is unreachable. */
export async function tiktokProfile(deps: TiktokDeps, userId: string): Promise<TiktokProfile | null> {
  const row = await findConnection(deps, userId);
  if (!row) return null;
  if (!deps.tiktok) return profileOf(row);
  try {
    const fresh = await freshConnection(deps, row);
    if (!fresh) return profileOf(row);
    const token = secretBox(deps.env).open(fresh.access_token_sealed, sealContext(userId, 'access'));
    const user = await deps.tiktok.userInfo(token);
    const avatar = await copyAvatar(deps, user.avatarUrl);
    const updated = await deps.db
      .updateTable('tiktok_connections')
      .set({ display_name: user.displayName, avatar_url: avatar ?? fresh.avatar_url, updated_at: deps.now() })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (avatar) await deleteAvatarCopy(deps.storage, fresh.avatar_url);
    return profileOf(updated);
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'tiktok profile refresh failed; showing the stored one');
    return profileOf(row);
  }
}

/** Revokes at TikTok, then forgets the tokens. A failed revoke is logged; the owner asked to be unlinked, so we unlink. */
export async function disconnectTiktok(deps: TiktokDeps, userId: string) {
  const row = await findConnection(deps, userId);
  if (!row) throw new AppError(404, 'TikTok is not linked', 'not_found');
  if (deps.tiktok) {
    try {
      const token = secretBox(deps.env).open(row.access_token_sealed, sealContext(userId, 'access'));
      await deps.tiktok.revoke(token);
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'tiktok revoke failed; unlinking locally');
    }
  }
  await deps.db.deleteFrom('tiktok_connections').where('user_id', '=', userId).execute();
  await deleteAvatarCopy(deps.storage, row.avatar_url);
  return { message: 'Disconnected from TikTok' };
}

function toAppError(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TiktokError) {
    if (error.code === 'unreachable' || error.status >= 500) return new AppError(502, 'TikTok could not be reached. Try again in a moment.', 'provider_unavailable');
    return new AppError(400, `${fallback} (${error.message})`, 'oauth_failed');
  }
  return new AppError(502, fallback, 'provider_unavailable');
}
