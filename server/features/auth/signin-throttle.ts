import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { signinAttackMail } from '../../providers/mail/templates.ts';

/**
 * Sign-in throttling that slows a guesser without locking the owner out (OWASP Authentication
 * Cheat Sheet, ASVS 2.2.1): failures are counted per (account, client) and per account.
 *
 * - Per (account, client): the first CLIENT_FREE_FAILURES wrong passwords cost nothing; each one after
 *   that makes the client wait 1 s, 2 s, 4 s … up to CLIENT_MAX_DELAY_SECONDS before its next try for
 *   that account. Forgotten 24 hours after the last failure, or at the first success.
 * - Per account: a ceiling of ACCOUNT_CEILING wrong passwords an hour from all clients together (a
 *   botnet). Past it, password sign-in is refused for the rest of the hour, except from a client the
 *   owner signed in from (or reset the password from) in the last KNOWN_CLIENT_DAYS days.
 * - The way in during an attack is the emailed code: a password reset (forgot password) clears the
 *   account's counts and makes that client known, so the new password works at once.
 * - The owner is told by email once the account collects NOTIFY_AFTER failures (at most once a day).
 *
 * Unknown emails are counted exactly like accounts, so the throttle does not reveal who has one.
 */
export const SIGNIN_THROTTLE = {
  CLIENT_FREE_FAILURES: 5,
  CLIENT_MAX_DELAY_SECONDS: 15 * 60,
  CLIENT_FORGET_MS: 24 * 3600 * 1000,
  ACCOUNT_CEILING: 100,
  ACCOUNT_WINDOW_MS: 3600 * 1000,
  NOTIFY_AFTER: 10,
  NOTIFY_EVERY_MS: 24 * 3600 * 1000,
  KNOWN_CLIENT_DAYS: 30,
} as const;

type ThrottleDeps = Pick<Deps, 'db' | 'env' | 'now'>;

const keys = (email: string, client: string) => {
  const e = email.toLowerCase();
  return { client: `client:${e}:${client}`, account: `account:${e}`, known: `known:${e}:${client}` };
};

/** Seconds a client waits after its n-th consecutive failure (0 while within the free ones). */
function clientDelaySeconds(failures: number): number {
  const over = failures - SIGNIN_THROTTLE.CLIENT_FREE_FAILURES;
  if (over < 0) return 0;
  return Math.min(2 ** over, SIGNIN_THROTTLE.CLIENT_MAX_DELAY_SECONDS);
}

export const ACCOUNT_CEILING_MESSAGE =
  'Too many sign-in attempts on this account. Sign in from a device you have used before, or use Forgot Password to get a code by email.';

const throttled = (message: string, seconds: number) =>
  new AppError(429, message, 'rate_limited', { headers: { 'Retry-After': String(seconds) } });

/** Throws 429 (with Retry-After) when this client must wait, or the account is past its ceiling for unknown clients. */
export async function checkSigninThrottle(deps: ThrottleDeps, email: string, client: string): Promise<void> {
  if (!deps.env.rateLimitEnabled) return;
  const k = keys(email, client);
  const now = deps.now().getTime();
  const rows = await deps.db
    .selectFrom('signin_throttle')
    .select(['key', 'failures', 'window_start', 'updated_at'])
    .where('key', 'in', [k.client, k.account, k.known])
    .execute();
  const row = (key: string) => rows.find((r) => r.key === key);

  const own = row(k.client);
  if (own && own.updated_at.getTime() > now - SIGNIN_THROTTLE.CLIENT_FORGET_MS) {
    const wait = Math.ceil((own.updated_at.getTime() + clientDelaySeconds(own.failures) * 1000 - now) / 1000);
    if (wait > 0) throw throttled(`Too many attempts. Try again in ${wait} seconds.`, wait);
  }

  const account = row(k.account);
  const known = row(k.known);
  const isKnown = known !== undefined && known.updated_at.getTime() > now - SIGNIN_THROTTLE.KNOWN_CLIENT_DAYS * 86_400_000;
  if (!isKnown && account && account.failures >= SIGNIN_THROTTLE.ACCOUNT_CEILING) {
    const wait = Math.ceil((account.window_start.getTime() + SIGNIN_THROTTLE.ACCOUNT_WINDOW_MS - now) / 1000);
    if (wait > 0) throw throttled(ACCOUNT_CEILING_MESSAGE, wait);
  }
}

/** Counts one wrong password for (email, client) and for the email; mails the owner once it looks like an attack. */
export async function recordSigninFailure(
  deps: Pick<Deps, 'db' | 'env' | 'now' | 'mailer' | 'logger'>,
  email: string,
  client: string,
  owner: { email: string; name: string } | undefined,
): Promise<void> {
  if (!deps.env.rateLimitEnabled) return;
  const k = keys(email, client);
  const now = deps.now();
  const clientCutoff = new Date(now.getTime() - SIGNIN_THROTTLE.CLIENT_FORGET_MS);
  const accountCutoff = new Date(now.getTime() - SIGNIN_THROTTLE.ACCOUNT_WINDOW_MS);
  // One atomic upsert each: a forgotten client (no failure for a day) or an ended account window starts again at 1.
  await deps.db
    .insertInto('signin_throttle')
    .values({ key: k.client, failures: 1, window_start: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN signin_throttle.updated_at <= ${clientCutoff} THEN 1 ELSE signin_throttle.failures + 1 END`,
        window_start: sql`CASE WHEN signin_throttle.updated_at <= ${clientCutoff} THEN ${now} ELSE signin_throttle.window_start END`,
        updated_at: now,
      }),
    )
    .execute();
  const account = await deps.db
    .insertInto('signin_throttle')
    .values({ key: k.account, failures: 1, window_start: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN signin_throttle.window_start <= ${accountCutoff} THEN 1 ELSE signin_throttle.failures + 1 END`,
        window_start: sql`CASE WHEN signin_throttle.window_start <= ${accountCutoff} THEN ${now} ELSE signin_throttle.window_start END`,
        updated_at: now,
      }),
    )
    .returning(['failures'])
    .executeTakeFirstOrThrow();
  if (!owner || account.failures < SIGNIN_THROTTLE.NOTIFY_AFTER) return;
  const notifyCutoff = new Date(now.getTime() - SIGNIN_THROTTLE.NOTIFY_EVERY_MS);
  // Claimed atomically, so many parallel failures send one mail.
  const claimed = await deps.db
    .updateTable('signin_throttle')
    .set({ notified_at: now })
    .where('key', '=', k.account)
    .where((eb) => eb.or([eb('notified_at', 'is', null), eb('notified_at', '<=', notifyCutoff)]))
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return;
  try {
    await deps.mailer.send(signinAttackMail(owner.email, owner.name, account.failures));
  } catch (error) {
    deps.logger.error({ err: error }, 'could not send the sign-in attempts notice');
  }
}

/** A correct password: this client's failures are forgotten and it becomes a known client of the account. */
export async function recordSigninSuccess(deps: ThrottleDeps, email: string, client: string): Promise<void> {
  if (!deps.env.rateLimitEnabled) return;
  const k = keys(email, client);
  const now = deps.now();
  await deps.db.deleteFrom('signin_throttle').where('key', '=', k.client).execute();
  await markKnown(deps, k.known, now);
}

/** The emailed code proved the owner: the account's counts are cleared and this client is known. */
export async function clearSigninThrottle(deps: ThrottleDeps, email: string, client: string): Promise<void> {
  if (!deps.env.rateLimitEnabled) return;
  const k = keys(email, client);
  const now = deps.now();
  await deps.db.deleteFrom('signin_throttle').where('key', 'in', [k.client, k.account]).execute();
  await markKnown(deps, k.known, now);
}

async function markKnown(deps: ThrottleDeps, key: string, now: Date) {
  await deps.db
    .insertInto('signin_throttle')
    .values({ key, failures: 0, window_start: now, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ updated_at: now }))
    .execute();
}

/** Rows that can no longer matter (a day without failures; known clients after KNOWN_CLIENT_DAYS). */
export async function pruneSigninThrottle(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now().getTime();
  await deps.db
    .deleteFrom('signin_throttle')
    .where((eb) =>
      eb.or([
        eb.and([eb('key', 'not like', 'known:%'), eb('updated_at', '<', new Date(now - SIGNIN_THROTTLE.CLIENT_FORGET_MS))]),
        eb('updated_at', '<', new Date(now - SIGNIN_THROTTLE.KNOWN_CLIENT_DAYS * 86_400_000)),
      ]),
    )
    .execute();
}
