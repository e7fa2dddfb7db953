import { randomBytes, randomUUID } from 'node:crypto';
import type {
  RequestOtpRequest,
  RequestOtpResponse,
  ResetPasswordRequest,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SignupResponse,
  VerifyAccountRequest,
} from '../../../src/contract/auth.ts';
import type { Deps } from '../../deps.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, newSessionToken, verifyPassword } from '../../lib/crypto.ts';
import { signupAttemptMail } from '../../providers/mail/templates.ts';
import { UNVERIFIED_MESSAGE } from '../../middleware/session.ts';
import { findUserByEmail, subscriptionSummary } from '../profile/account.service.ts';
import { claimResendSlot, consumeCode, isUsedCode, issueCode, mailCode, releaseResendSlot, RESEND_COOLDOWN_SECONDS, sendFreshCode, tooEarly } from './otp.ts';
import { checkSigninThrottle, clearSigninThrottle, recordSigninFailure, recordSigninSuccess } from './signin-throttle.ts';
import { createSession, endAllSessions } from './sessions.ts';
import { staffFields } from '../team/team.staff.ts';

// Signing in to an email with no account still spends one scrypt, so timing does not tell them apart.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export const emailTaken = () => new AppError(409, 'An account with this email already exists. Sign in instead.', 'conflict');

/**
 * Sign-up answers alike whether or not the email has an account (201, the same fields), so it does
 * not reveal who has one. A known address gets a mail instead of an account: a fresh verification
 * code when it is not verified yet (the owner who forgot signing up can finish), otherwise a notice
 * that someone tried. The token handed back for a known address is random and opens nothing.
 */
export async function signup(deps: Deps, body: SignupRequest, userAgent?: string): Promise<SignupResponse> {
  const existing = await findUserByEmail(deps.db, body.email);
  // Hashed either way, so the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(body.password);
  if (existing) return existingSignup(deps, existing, body);
  const now = deps.now();
  const user = await deps.db
    .insertInto('users')
    .values({ name: body.name, email: body.email, password_hash: passwordHash, user_type: 'regular', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
  // Lost a race with a sign-up of the same address: that one is now the account.
  if (!user) {
    const raced = await findUserByEmail(deps.db, body.email);
    if (!raced) throw emailTaken();
    return existingSignup(deps, raced, body);
  }
  if (body.timeZone) await deps.db.insertInto('brand_settings').values({ user_id: user.id, time_zone: body.timeZone, created_at: now, updated_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const token = await createSession(deps, user.id, userAgent);
  // A mail failure must not lose the new account: the owner can press Resend once the cooldown ends.
  await sendFreshCode(deps, user, 'verification', 'skip');
  return { userId: user.id, token, name: user.name, email: user.email, phoneNumber: user.phone_number };
}

async function existingSignup(deps: Deps, user: User, body: SignupRequest): Promise<SignupResponse> {
  if (!user.verified_at) {
    await sendFreshCode(deps, user, 'verification', 'skip');
  } else if ((await claimResendSlot(deps, user.email, 'verification')) === 0) {
    // The same cooldown as a new account's code, so repeated tries do not flood the owner's inbox.
    try {
      await deps.mailer.send(signupAttemptMail(user.email, user.name));
    } catch (error) {
      await releaseResendSlot(deps, user.email, 'verification');
      deps.logger.error({ err: error }, 'could not send the sign-up attempt notice');
    }
  }
  return { userId: randomUUID(), token: newSessionToken(), name: body.name, email: body.email, phoneNumber: null };
}

export async function signin(deps: Deps, body: SigninRequest, userAgent?: string, client = 'unknown'): Promise<SigninResponse> {
  await checkSigninThrottle(deps, body.email, client);
  const user = await findUserByEmail(deps.db, body.email);
  const matches = await verifyPassword(body.password, user?.password_hash ?? (await dummy()));
  if (!user || !user.password_hash || !matches) {
    await recordSigninFailure(deps, body.email, client, user ?? undefined);
    throw new AppError(401, 'Incorrect email or password', 'unauthenticated');
  }
  await recordSigninSuccess(deps, body.email, client);
  if (!user.verified_at) {
    await sendFreshCode(deps, user, 'verification', 'skip');
    throw new AppError(403, UNVERIFIED_MESSAGE, 'unverified');
  }
  return openSession(deps, user, userAgent);
}

/**
 * A new session for `user` and the sign-in answer that carries it: the account, its plan and, for a staff member,
 * `role` and `restaurantName`. The one builder of that answer, for a password sign-in and a team member joining alike.
 */
export async function openSession(deps: Deps, user: User, userAgent: string | undefined): Promise<SigninResponse> {
  const token = await createSession(deps, user.id, userAgent);
  return {
    userId: user.id,
    token,
    name: user.name,
    email: user.email,
    image: user.image_url,
    phoneNumber: user.phone_number,
    ...(await subscriptionSummary(deps.db, user.id, deps.now())),
    ...(await staffFields(deps.db, user)),
  };
}

/**
 * The answer is the same whether or not the email has an account (and, for verification, whether
 * it is already verified), and the cooldown runs for every address alike, so nothing is revealed.
 */
export async function requestOtp(deps: Deps, body: RequestOtpRequest): Promise<RequestOtpResponse> {
  const wait = await claimResendSlot(deps, body.email, body.otpType);
  if (wait > 0) throw tooEarly(wait);
  const user = await findUserByEmail(deps.db, body.email);
  const wanted = user && (body.otpType === 'reset_password' || !user.verified_at);
  if (user && wanted) {
    const code = await issueCode(deps, user.id, body.otpType);
    try {
      await mailCode(deps, user, body.otpType, code);
    } catch (error) {
      await releaseResendSlot(deps, body.email, body.otpType);
      deps.logger.error({ err: error, purpose: body.otpType }, 'could not send the code mail');
      throw new AppError(502, 'We could not send the email just now. Try again in a minute.', 'internal');
    }
  }
  return { message: 'OTP sent', retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
}

export async function verifyAccount(deps: Deps, body: VerifyAccountRequest) {
  const user = await findUserByEmail(deps.db, body.email);
  // Pressing Verify twice (or on a second tab) with the code that verified it is not an error; any
  // other code for a verified account answers as it would for an address with no account.
  if (user?.verified_at && (await isUsedCode(deps, user.id, 'verification', body.otp))) return { message: 'Account verified' };
  const userId = await consumeCode(deps, body.email, user?.id, 'verification', body.otp);
  const now = deps.now();
  await deps.db.updateTable('users').set({ verified_at: now, updated_at: now }).where('id', '=', userId).execute();
  return { message: 'Account verified' };
}

export async function resetPassword(deps: Deps, body: ResetPasswordRequest, client = 'unknown') {
  const user = await findUserByEmail(deps.db, body.email);
  const userId = await consumeCode(deps, body.email, user?.id, 'reset_password', body.otp);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  await deps.db
    .updateTable('users')
    // The code proved the owner reads this mailbox, which is what verification proves too.
    .set((eb) => ({ password_hash: passwordHash, verified_at: eb.fn.coalesce('verified_at', eb.val(now)), updated_at: now }))
    .where('id', '=', userId)
    .execute();
  await endAllSessions(deps, userId);
  // The emailed code is the owner's way in during a password-guessing attack: the new password works at once from here.
  await clearSigninThrottle(deps, body.email, client);
  return { message: 'Password has been reset successfully' };
}
