import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Deps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';

type Limit = { limit: number; windowSeconds: number };
type ActionLimits = { perIp: Limit; perEmailClient?: Limit; perEmail?: Limit };

const MINUTES_15 = 15 * 60;
const HOUR = 3600;

/**
 * Attempts per IP, per (email, IP) and, for code requests, per email. Limits keyed by the email alone
 * would let anyone who knows an address lock its owner out, so they are keyed by (email, client);
 * only mailing codes keeps a per-email ceiling (it bounds guesses at codes and mail to one inbox).
 * Wrong passwords are throttled per (account, client) with growing delays (signin-throttle.ts);
 * wrong codes are stopped earlier still: a code is void after 5 wrong tries.
 * The IP limits stay roomy because a café's staff share one address and the e2e suite signs up many
 * accounts from 127.0.0.1 in a few minutes.
 */
export const AUTH_LIMITS = {
  signin: { perIp: { limit: 100, windowSeconds: MINUTES_15 } },
  signup: { perIp: { limit: 100, windowSeconds: MINUTES_15 }, perEmailClient: { limit: 5, windowSeconds: HOUR } },
  requestOtp: {
    perIp: { limit: 100, windowSeconds: MINUTES_15 },
    perEmailClient: { limit: 10, windowSeconds: HOUR },
    perEmail: { limit: 20, windowSeconds: HOUR },
  },
  verifyAccount: { perIp: { limit: 100, windowSeconds: MINUTES_15 }, perEmailClient: { limit: 20, windowSeconds: MINUTES_15 } },
  resetPassword: { perIp: { limit: 100, windowSeconds: MINUTES_15 }, perEmailClient: { limit: 20, windowSeconds: MINUTES_15 } },
  social: { perIp: { limit: 100, windowSeconds: MINUTES_15 } },
  // Opening and accepting a team invitation link (issue 19).
  teamInvitation: { perIp: { limit: 100, windowSeconds: MINUTES_15 } },
} satisfies Record<string, ActionLimits>;

export type AuthAction = keyof typeof AUTH_LIMITS;

/**
 * The caller's address from the socket. Behind a reverse proxy (TRUST_PROXY=1) the socket is the
 * proxy, so the last X-Forwarded-For entry (the one our proxy appended) is used instead; earlier
 * entries are client-supplied and could be forged. In-process tests have no socket: 'unknown'.
 */
export function clientIp(c: Context, env: Pick<Env, 'TRUST_PROXY'>): string {
  if (env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs before the body is parsed, so malformed requests count too. */
export const limitByIp = (deps: Deps, action: AuthAction) =>
  createMiddleware(async (c, next) => {
    const { limit, windowSeconds } = AUTH_LIMITS[action].perIp;
    await enforceRateLimit(deps, `auth:${action}:ip:${clientIp(c, deps.env)}`, limit, windowSeconds);
    await next();
  });

export async function limitByEmail(deps: Pick<Deps, 'db' | 'env' | 'now'>, action: AuthAction, email: string, client: string) {
  const limits: ActionLimits = AUTH_LIMITS[action];
  const address = email.toLowerCase();
  if (limits.perEmailClient) {
    const { limit, windowSeconds } = limits.perEmailClient;
    await enforceRateLimit(deps, `auth:${action}:email-client:${address}:${client}`, limit, windowSeconds);
  }
  if (limits.perEmail) {
    const { limit, windowSeconds } = limits.perEmail;
    await enforceRateLimit(deps, `auth:${action}:email:${address}`, limit, windowSeconds);
  }
}
