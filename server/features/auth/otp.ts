import { timingSafeEqual } from 'node:crypto';
import type { OtpType } from '../../../src/contract/auth.ts';
import type { Deps } from '../../deps.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newOtpCode, sha256 } from '../../lib/crypto.ts';
import { resetPasswordMail, verificationMail } from '../../providers/mail/templates.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_SECONDS = 60;
const MAX_WRONG_TRIES = 5;

type OtpDeps = Pick<Deps, 'db' | 'now'>;

/**
 * Claims the right to mail a code to (email, purpose) now. Returns 0 when claimed, otherwise the
 * seconds left in the cooldown. One atomic upsert, so two racing requests cannot both send.
 * Works the same whether or not an account has that email.
 */
export async function claimResendSlot(deps: OtpDeps, email: string, purpose: OtpType): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - RESEND_COOLDOWN_SECONDS * 1000);
  const claimed = await deps.db
    .insertInto('otp_cooldowns')
    .values({ email, purpose, last_sent_at: now, attempts: 0 })
    .onConflict((oc) => oc.columns(['email', 'purpose']).doUpdateSet({ last_sent_at: now, attempts: 0 }).where('otp_cooldowns.last_sent_at', '<=', cutoff))
    .returning('last_sent_at')
    .executeTakeFirst();
  if (claimed) return 0;
  const row = await deps.db
    .selectFrom('otp_cooldowns')
    .select('last_sent_at')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return Math.max(1, Math.ceil((row.last_sent_at.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000));
}

/** Gives the slot back when the mail could not be sent, so the owner may retry at once. */
export async function releaseResendSlot(deps: OtpDeps, email: string, purpose: OtpType) {
  await deps.db.deleteFrom('otp_cooldowns').where('email', '=', email).where('purpose', '=', purpose).execute();
}

export const tooEarly = (seconds: number) =>
  new AppError(429, `Please wait ${seconds} seconds before asking for a new code.`, 'rate_limited', { headers: { 'Retry-After': String(seconds) } });

/** Stores a new code (hashed) and voids the older ones of the same purpose. Returns the plain code for the mail. */
export async function issueCode(deps: OtpDeps, userId: string, purpose: OtpType): Promise<string> {
  const now = deps.now();
  const code = newOtpCode();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({ user_id: userId, purpose, code_hash: sha256(code), created_at: now, expires_at: new Date(now.getTime() + CODE_TTL_MS) })
      .execute();
  });
  return code;
}

export async function mailCode(deps: Pick<Deps, 'mailer'>, user: Pick<User, 'email' | 'name'>, purpose: OtpType, code: string) {
  const message = purpose === 'verification' ? verificationMail(user.email, user.name, code) : resetPasswordMail(user.email, user.name, code);
  await deps.mailer.send(message);
}

/**
 * Claims the cooldown, issues a code and mails it. `skip` (sign-up, sign-in of an unverified
 * account) sends nothing while the cooldown runs and never fails the caller over mail; `throw`
 * (request-otp) answers 429 while it runs and 502 when the mail cannot be sent.
 */
export async function sendFreshCode(
  deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'logger'>,
  user: Pick<User, 'id' | 'email' | 'name'>,
  purpose: OtpType,
  onCooldown: 'skip' | 'throw',
): Promise<void> {
  const wait = await claimResendSlot(deps, user.email, purpose);
  if (wait > 0) {
    if (onCooldown === 'throw') throw tooEarly(wait);
    return;
  }
  const code = await issueCode(deps, user.id, purpose);
  try {
    await mailCode(deps, user, purpose, code);
  } catch (error) {
    await releaseResendSlot(deps, user.email, purpose);
    deps.logger.error({ err: error, purpose }, 'could not send the code mail');
    if (onCooldown === 'throw') throw new AppError(502, 'We could not send the email just now. Try again in a minute.', 'internal');
  }
}

/**
 * Checks a code and consumes it; returns the user id it belonged to. The answer to a wrong code must
 * not tell whether the email has an account (or, for verification, whether it is verified already),
 * so what it says is decided by the resend slot of (email, purpose), which exists for every address
 * a code was asked for: no code asked for in the last 10 minutes → "expired"; otherwise a wrong code
 * counts one try on that slot ("N tries left"), and the fifth voids it until a new code is asked for.
 * Only a right code for a real account gets further (brute force: 5 guesses in a million per code,
 * and codes are cooled down and rate-limited).
 */
export async function consumeCode(deps: OtpDeps, email: string, userId: string | undefined, purpose: OtpType, otp: string): Promise<string> {
  const now = deps.now();
  const slot = await deps.db
    .selectFrom('otp_cooldowns')
    .select(['last_sent_at', 'attempts'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!slot || slot.last_sent_at.getTime() + CODE_TTL_MS <= now.getTime()) {
    throw new AppError(400, 'This code has expired. Request a new code.', 'code_expired');
  }
  if (slot.attempts >= MAX_WRONG_TRIES) throw lockedOut();

  const row = userId
    ? await deps.db
        .selectFrom('otp_codes')
        .select(['id', 'code_hash', 'expires_at'])
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const actual = Buffer.from(sha256(otp), 'hex');
  const right = row !== undefined && timingSafeEqual(Buffer.from(row.code_hash, 'hex'), actual);
  if (!row || !right) {
    const updated = await deps.db
      .updateTable('otp_cooldowns')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .returning('attempts')
      .executeTakeFirst();
    const left = MAX_WRONG_TRIES - (updated?.attempts ?? MAX_WRONG_TRIES);
    if (left <= 0) throw lockedOut();
    throw new AppError(400, `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'invalid_code');
  }

  const consumed = await deps.db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  // Lost a race with another request that used the same code.
  if (!consumed) throw new AppError(400, 'This code has already been used. Request a new code.', 'code_expired');
  return userId!;
}

/** True when `otp` is the code that verified this account (Verify pressed twice, or on a second tab). */
export async function isUsedCode(deps: OtpDeps, userId: string, purpose: OtpType, otp: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('otp_codes')
    .select('code_hash')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is not', null)
    .orderBy('consumed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined && timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(sha256(otp), 'hex'));
}

const lockedOut = () =>
  new AppError(400, 'Too many wrong codes: this code no longer works. Request a new code and try again.', 'code_locked');
