import { createMiddleware } from 'hono/factory';
import type { Deps } from '../deps.ts';
import type { User } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';

/**
 * `user`: whose data the request reads and writes. For an owner that is the owner; for a staff member (issue 19) it
 * is the restaurant's owner on media routes and the staff member on their own profile, so every owner-scoped query
 * works unchanged. `actor`: who is actually signed in (set by server/middleware/team-access.ts for every session).
 */
export type SessionVariables = { user: User; sessionId: string; actor?: User };

export const UNVERIFIED_MESSAGE = 'Your account is not verified yet. Enter the code we emailed you.';

export type SessionOptions = {
  /**
   * Sign-up hands out a token before the email is verified. That token only reaches what an
   * unverified owner needs (who am I, sign out); everything else answers 403 `unverified` until
   * verify-account succeeds, after which the same token works everywhere.
   */
  allowUnverified?: boolean;
};

/**
 * Identifies the caller by the bearer token alone; anything else gets 401. One session query per request:
 * when an earlier middleware of the same request already identified the caller, it is not asked again.
 */
export const requireSession = (deps: Pick<Deps, 'db' | 'now'>, options: SessionOptions = {}) =>
  createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const known = c.get('user');
    if (known) {
      if (!known.verified_at && !options.allowUnverified) throw new AppError(403, UNVERIFIED_MESSAGE, 'unverified');
      return next();
    }
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError(401, 'Please sign in to continue', 'unauthenticated');
    const row = await deps.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', sha256(match[1]))
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() <= deps.now().getTime()) {
      throw new AppError(401, 'Your session has ended. Please sign in again.', 'unauthenticated');
    }
    const { session_id, expires_at: _expires, ...user } = row;
    if (!user.verified_at && !options.allowUnverified) throw new AppError(403, UNVERIFIED_MESSAGE, 'unverified');
    c.set('user', user);
    c.set('sessionId', session_id);
    await next();
  });
