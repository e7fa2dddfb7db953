import type { Deps } from '../../deps.ts';
import { newSessionToken, sha256 } from '../../lib/crypto.ts';

/** A new opaque bearer token; only its SHA-256 is stored, so a database leak yields no usable tokens. */
export async function createSession(deps: Pick<Deps, 'db' | 'env' | 'now'>, userId: string, userAgent: string | undefined): Promise<string> {
  const token = newSessionToken();
  const now = deps.now();
  await deps.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      user_agent: userAgent?.slice(0, 200) ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + deps.env.SESSION_TTL_DAYS * 24 * 3600 * 1000),
    })
    .execute();
  // Expired sessions of this user are dead weight; drop them while we are here.
  await deps.db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  return token;
}

export async function endSession(deps: Pick<Deps, 'db'>, sessionId: string) {
  await deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Password change, password reset and account take-over protection all sign the user out everywhere. */
export async function endAllSessions(deps: Pick<Deps, 'db'>, userId: string) {
  await deps.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
