import { createMiddleware } from 'hono/factory';
import { STAFF_FORBIDDEN_MESSAGE } from '../../src/contract/team.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/crypto.ts';
import type { SessionVariables } from './session.ts';

/**
 * Whose data a staff request works on: `restaurant` (the owner's: the media library) or `self` (the staff member's own
 * account: profile, password, sign-out).
 */
type Scope = 'restaurant' | 'self';

/**
 * The only API a staff member reaches (issue 19). An allow-list, so a route added later is closed to staff until it is
 * listed here; tests/server/team-access.test.ts walks every registered route with a staff token.
 */
const STAFF_ROUTES: ReadonlyArray<{ methods: readonly string[] | '*'; path: RegExp; scope: Scope }> = [
  // The media library: browse, view, upload (plain and resumable), edit descriptions of their own uploads.
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/media\/?$/, scope: 'restaurant' },
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/media\/(recent|folders)$/, scope: 'restaurant' },
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/media\/files\/[^/]+\/[^/]+$/, scope: 'restaurant' },
  { methods: ['POST'], path: /^\/api\/v1\/media\/add$/, scope: 'restaurant' },
  { methods: ['POST'], path: /^\/api\/v1\/media\/update\/[^/]+$/, scope: 'restaurant' },
  { methods: '*', path: /^\/api\/v1\/media\/uploads(\/[^/]+)?$/, scope: 'restaurant' },
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/media\/(?!uploads$|recent$|folders$|add$|uploaders$)[^/]+$/, scope: 'restaurant' },
  // Their own account.
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/users\/me$/, scope: 'self' },
  { methods: ['POST'], path: /^\/api\/v1\/users\/update-profile\/[^/]+$/, scope: 'self' },
  { methods: ['POST'], path: /^\/api\/v1\/users\/change-password$/, scope: 'self' },
  { methods: ['GET', 'HEAD'], path: /^\/api\/v1\/files\/avatars\/[^/]+$/, scope: 'self' },
  // Signing in and out, codes, providers: nothing of the restaurant's.
  { methods: '*', path: /^\/api\/v1\/auth\//, scope: 'self' },
];

export function staffScope(method: string, path: string): Scope | null {
  const route = STAFF_ROUTES.find((r) => (r.methods === '*' || r.methods.includes(method)) && r.path.test(path));
  return route?.scope ?? null;
}

/**
 * Runs before every /api/v1 route. With a valid bearer token it identifies the caller once (requireSession then reuses
 * it). An owner passes through unchanged. A staff member reaches only STAFF_ROUTES, anything else is 403; on media
 * routes `user` becomes the restaurant's owner (so every owner-scoped query answers for the restaurant) and `actor`
 * stays the staff member. A missing or dead token is left to the route (public routes need none, others answer 401).
 */
export const teamAccess = (deps: Pick<Deps, 'db' | 'now'>) =>
  createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) return next();
    const row = await deps.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', sha256(match[1]))
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() <= deps.now().getTime()) return next();
    const { session_id, expires_at: _expires, ...actor } = row;
    c.set('sessionId', session_id);
    c.set('actor', actor);
    if (!actor.team_owner_id) {
      c.set('user', actor);
      return next();
    }
    const scope = staffScope(c.req.method, c.req.path);
    if (!scope) throw new AppError(403, STAFF_FORBIDDEN_MESSAGE, 'forbidden');
    if (scope === 'self') {
      c.set('user', actor);
      return next();
    }
    const owner = await deps.db.selectFrom('users').selectAll().where('id', '=', actor.team_owner_id).executeTakeFirst();
    if (!owner) throw new AppError(401, 'Your session has ended. Please sign in again.', 'unauthenticated');
    c.set('user', owner);
    return next();
  });

/** The staff member behind a request, or null for an owner (or no session). */
export function staffActor(c: { get: (key: 'actor') => SessionVariables['actor'] }) {
  const actor = c.get('actor');
  return actor?.team_owner_id ? actor : null;
}
