import type { SocialSigninResponse } from '../../../src/contract/auth.ts';
import type { Deps } from '../../deps.ts';
import type { User } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../profile/account.service.ts';
import { staffFields } from '../team/team.staff.ts';
import { isUniqueViolation } from './auth.service.ts';
import { PROVIDER_NAME, type SocialProvider } from './identity-token.ts';
import { createSession, endAllSessions } from './sessions.ts';

/** What a verified identity token tells us. `email` is set only when the provider vouches for it. */
export type SocialIdentity = { provider: SocialProvider; sub: string; email: string | null; name: string | null };

const subColumn = (provider: SocialProvider) => (provider === 'google' ? 'google_sub' : 'apple_sub');

/** Finds the account by the provider's subject, else by the verified email (linking it), else creates one. */
async function findOrCreateUser(deps: Deps, identity: SocialIdentity): Promise<User> {
  const column = subColumn(identity.provider);
  const bySub = await deps.db.selectFrom('users').selectAll().where(column, '=', identity.sub).executeTakeFirst();
  if (bySub) return bySub;

  const name = PROVIDER_NAME[identity.provider];
  if (!identity.email) {
    throw new AppError(400, `${name} did not share your email address, so no Mise account could be made. Sign up with email instead.`, 'validation');
  }
  const now = deps.now();
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (byEmail) {
    if (byEmail[column] && byEmail[column] !== identity.sub) {
      throw new AppError(409, `This email is already linked to another ${name} account.`, 'conflict');
    }
    // An unverified account with this email was never proven to belong to the mailbox's owner, who
    // has now proven it through the provider: whoever set that password (and any session) loses it.
    const takeOver = !byEmail.verified_at;
    const linked = await deps.db
      .updateTable('users')
      .set({ [column]: identity.sub, verified_at: byEmail.verified_at ?? now, updated_at: now, ...(takeOver ? { password_hash: null } : {}) })
      .where('id', '=', byEmail.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (takeOver) await endAllSessions(deps, byEmail.id);
    return linked;
  }

  return deps.db
    .insertInto('users')
    .values({
      name: identity.name?.trim() || identity.email.split('@')[0] || 'Owner',
      email: identity.email,
      password_hash: null,
      user_type: 'regular',
      verified_at: now,
      [column]: identity.sub,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      // Two first sign-ins racing: let the person try again, which then finds the account.
      if (isUniqueViolation(error)) throw new AppError(409, 'Error creating account', 'conflict');
      throw error;
    });
}

export async function socialSignin(deps: Deps, identity: SocialIdentity, userAgent?: string): Promise<SocialSigninResponse> {
  // Only a token signed by Google or Apple gets here; limited per IP (a per-email limit would only help someone lock the owner out).
  const user = await findOrCreateUser(deps, identity);
  const token = await createSession(deps, user.id, userAgent);
  return { id: user.id, token, name: user.name, email: user.email, phoneNumber: user.phone_number, ...(await staffFields(deps.db, user)) };
}
