import { sql } from 'kysely';
import type { SigninResponse } from '../../../src/contract/auth.ts';
import { INVITATION_TTL_DAYS, INVITE_PARAM, type AcceptInvitationRequest, type InvitationPreview, type TeamInvitation, type TeamResponse } from '../../../src/contract/team.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { hashPassword, newSessionToken, sha256 } from '../../lib/crypto.ts';
import { teamInvitationMail } from '../../providers/mail/templates.ts';
import { isUniqueViolation, openSession } from '../auth/auth.service.ts';
import { PROVIDER_NAME, type SocialProvider } from '../auth/identity-token.ts';
import { findUserByEmail } from '../profile/account.service.ts';
import { checkEntitlement, usageFor } from '../subscriptions/entitlements.ts';
import { currentSubscription } from '../subscriptions/subscriptions.service.ts';
import { PLANS, isPlanId } from '../subscriptions/plans.ts';
import type { TeamInvitationRow } from './team.table.ts';
import { restaurantNameOf } from './team.staff.ts';

const DAY_MS = 24 * 3600 * 1000;
const RESEND_COOLDOWN_MS = 60 * 1000;
const iso = (value: Date) => value.toISOString();

const isOpen = (row: TeamInvitationRow) => !row.accepted_at && !row.revoked_at;

function toInvitation(row: TeamInvitationRow, now: Date): TeamInvitation {
  return { id: row.id, email: row.email, sentAt: iso(row.sent_at), expiresAt: iso(row.expires_at), expired: row.expires_at.getTime() <= now.getTime() };
}

export async function teamView(deps: Pick<Deps, 'db' | 'now'>, owner: User): Promise<TeamResponse> {
  const now = deps.now();
  const members = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'image_url', 'created_at', 'team_owner_id'])
    .select(sql<number>`(select count(*)::int from media m where m.user_id = ${owner.id} and m.deleted_at is null and m.is_folder = false and (m.uploaded_by = users.id or (users.team_owner_id is null and m.uploaded_by is null and m.uploaded_by_name is null)))`.as('uploads'))
    .where((eb) => eb.or([eb('id', '=', owner.id), eb('team_owner_id', '=', owner.id)]))
    .orderBy(sql`team_owner_id is not null`)
    .orderBy('created_at')
    .execute();
  const invitations = await deps.db
    .selectFrom('team_invitations')
    .selectAll()
    .where('owner_id', '=', owner.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .execute();
  const { used, limit } = await usageFor(deps.db, owner.id, 'teamMembers', now);
  const subscription = await currentSubscription(deps.db, owner.id, now);
  const planName = subscription && isPlanId(subscription.plan_id) ? PLANS[subscription.plan_id].name : PLANS.free.name;
  return {
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      image: m.image_url,
      role: m.team_owner_id ? 'staff' : 'owner',
      joinedAt: iso(m.created_at),
      uploads: Number(m.uploads),
    })),
    invitations: invitations.map((row) => toInvitation(row, now)),
    limit,
    used,
    planName,
  };
}

function inviteLink(baseUrl: string, token: string) {
  return `${baseUrl.replace(/\/+$/, '')}/join?${INVITE_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Mails the link; a mail server that refuses it leaves nothing half-done for the caller to explain. An account mail
 * to one invitee the owner typed in (like a sign-in code), not a message to customers: it does not go through the
 * sending engine's ledger, which is for campaigns to the customer list (consent, suppression, quiet hours).
 */
async function mailInvitation(deps: Pick<Deps, 'db' | 'mailer' | 'logger'>, owner: User, email: string, token: string, baseUrl: string) {
  const restaurant = await restaurantNameOf(deps.db, owner);
  try {
    await deps.mailer.send(teamInvitationMail(email, owner.name, restaurant, inviteLink(baseUrl, token), INVITATION_TTL_DAYS));
  } catch (error) {
    deps.logger.error({ err: error }, 'could not send a team invitation');
    throw new AppError(502, 'The invitation email could not be sent. Try again in a moment.', 'provider_unavailable');
  }
}

/**
 * Invites `email` to the owner's restaurant. Inviting an address with an open invitation sends it again with a fresh
 * link. The plan's team size counts the owner, the members and the open (unexpired) invitations.
 */
export async function invite(deps: Deps, owner: User, email: string, baseUrl: string): Promise<TeamInvitation> {
  const now = deps.now();
  const address = email.trim();
  if (address.toLowerCase() === owner.email.toLowerCase()) throw fieldError('email', 'That is your own email: you are already on the team');
  const member = await deps.db
    .selectFrom('users')
    .select('id')
    .where('team_owner_id', '=', owner.id)
    .where(sql<string>`lower(email)`, '=', address.toLowerCase())
    .executeTakeFirst();
  if (member) throw new AppError(409, `${address} is already on your team`, 'conflict', { fields: { email: `${address} is already on your team` } });

  const open = await deps.db
    .selectFrom('team_invitations')
    .selectAll()
    .where('owner_id', '=', owner.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const same = open.find((row) => row.email.toLowerCase() === address.toLowerCase());
  // One mail a minute per invitation, like verification codes: Resend cannot flood someone's inbox.
  const wait = same ? Math.ceil((same.sent_at.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000) : 0;
  if (wait > 0) {
    throw new AppError(429, `The invitation to ${address} was sent a moment ago. You can send it again in ${wait} seconds.`, 'rate_limited', { headers: { 'Retry-After': String(wait) } });
  }
  const held = open.filter((row) => row !== same && row.expires_at.getTime() > now.getTime()).length;
  await checkEntitlement(deps.db, owner.id, 'teamMembers', 1, now, held);

  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  let row: TeamInvitationRow;
  if (same) {
    row = await deps.db
      .updateTable('team_invitations')
      .set({ token_hash: sha256(token), sent_at: now, expires_at: expiresAt })
      .where('id', '=', same.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    const inserted = await deps.db
      .insertInto('team_invitations')
      .values({ owner_id: owner.id, email: address, token_hash: sha256(token), created_at: now, sent_at: now, expires_at: expiresAt })
      .returningAll()
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (!inserted) throw new AppError(409, `${address} was invited a moment ago`, 'conflict');
    row = inserted;
  }
  try {
    await mailInvitation(deps, owner, address, token, baseUrl);
  } catch (error) {
    // A new invitation that never reached anyone is not kept; a resent one keeps its (now unknown) fresh link.
    if (!same) await deps.db.deleteFrom('team_invitations').where('id', '=', row.id).execute();
    throw error;
  }
  return toInvitation(row, now);
}

async function openInvitation(db: Db, ownerId: string, id: string): Promise<TeamInvitationRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Invitation not found');
  const row = await db.selectFrom('team_invitations').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row || !isOpen(row)) throw notFound('Invitation not found');
  return row;
}

export async function resend(deps: Deps, owner: User, id: string, baseUrl: string): Promise<TeamInvitation> {
  const row = await openInvitation(deps.db, owner.id, id);
  return invite(deps, owner, row.email, baseUrl);
}

export async function revoke(deps: Pick<Deps, 'db' | 'now'>, ownerId: string, id: string) {
  const row = await openInvitation(deps.db, ownerId, id);
  await deps.db.updateTable('team_invitations').set({ revoked_at: deps.now() }).where('id', '=', row.id).execute();
}

/** Removes a staff member: the account goes, and with it every session (at once); their uploads stay the restaurant's. */
export async function removeMember(deps: Pick<Deps, 'db'>, ownerId: string, memberId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(memberId)) throw notFound('Team member not found');
  const result = await deps.db.deleteFrom('users').where('id', '=', memberId).where('team_owner_id', '=', ownerId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound('Team member not found');
}

/** The invitation behind a link, or why it no longer works. */
async function usableInvitation(db: Db, token: string, now: Date) {
  const row = await db.selectFrom('team_invitations').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!row || row.revoked_at) throw new AppError(404, 'This invitation link is not valid any more. Ask the owner to invite you again.', 'not_found');
  if (row.accepted_at) throw new AppError(410, 'This invitation has already been used. Sign in with your email and password.', 'code_expired');
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError(410, 'This invitation has expired. Ask the owner to send a new one.', 'code_expired');
  const owner = await db.selectFrom('users').selectAll().where('id', '=', row.owner_id).executeTakeFirst();
  if (!owner) throw new AppError(404, 'This invitation link is not valid any more. Ask the owner to invite you again.', 'not_found');
  return { row, owner };
}

export async function previewInvitation(deps: Pick<Deps, 'db' | 'now'>, token: string): Promise<InvitationPreview> {
  const { row, owner } = await usableInvitation(deps.db, token, deps.now());
  return { email: row.email, restaurantName: await restaurantNameOf(deps.db, owner), ownerName: owner.name };
}

/**
 * Before anyone joins: the address has no account yet, and the team still has a seat. An open invitation holds its
 * seat, so only a plan downgraded below the team's size refuses here (nobody is removed; the team just cannot grow).
 */
async function assertCanJoin(deps: Pick<Deps, 'db'>, row: TeamInvitationRow, owner: User, now: Date) {
  if (await findUserByEmail(deps.db, row.email)) {
    throw new AppError(409, 'This email already has a Mise account. Ask the owner to invite another address.', 'conflict');
  }
  const { used, limit } = await usageFor(deps.db, owner.id, 'teamMembers', now);
  if (used >= limit) {
    const restaurant = await restaurantNameOf(deps.db, owner);
    throw new AppError(403, `The team of ${restaurant} is full on its current plan, so this invitation cannot be used. Ask ${owner.name} to upgrade.`, 'plan_limit');
  }
}

/**
 * The invitee sets a name and password and joins: a verified account (the mailed link proved the address) tied to the
 * owner, signed in at once. The link works once.
 */
export async function acceptInvitation(deps: Deps, body: AcceptInvitationRequest, userAgent?: string): Promise<SigninResponse> {
  const now = deps.now();
  const { row, owner } = await usableInvitation(deps.db, body.token, now);
  await assertCanJoin(deps, row, owner, now);
  return join(deps, row, owner, { name: body.name, password_hash: await hashPassword(body.password) }, userAgent);
}

/** What a provider's verified identity token says about the invitee (checked by the route). */
type ProviderIdentity = { provider: SocialProvider; sub: string; email: string | null; name: string | null };

/**
 * Joining with Google or Apple (where configured): no password; the provider's verified email must be the one the
 * invitation was sent to, and later sign-ins with that provider find the account by its subject.
 */
export async function acceptInvitationWithProvider(deps: Deps, token: string, identity: ProviderIdentity, userAgent?: string): Promise<SigninResponse> {
  const now = deps.now();
  const { row, owner } = await usableInvitation(deps.db, token, now);
  const provider = PROVIDER_NAME[identity.provider];
  if (!identity.email) {
    throw new AppError(400, `${provider} did not share a verified email address, so it cannot be matched to the invitation sent to ${row.email}. Set a password instead.`, 'validation');
  }
  if (identity.email.toLowerCase() !== row.email.toLowerCase()) {
    throw new AppError(
      403,
      `This invitation was sent to ${row.email}, but your ${provider} account is ${identity.email}. Use the ${provider} account of ${row.email}, or set a password instead.`,
      'forbidden',
    );
  }
  const column = identity.provider === 'google' ? 'google_sub' : 'apple_sub';
  if (await deps.db.selectFrom('users').select('id').where(column, '=', identity.sub).executeTakeFirst()) {
    throw new AppError(409, `This ${provider} account already signs in to Mise. Ask the owner to invite another address.`, 'conflict');
  }
  await assertCanJoin(deps, row, owner, now);
  const name = identity.name?.trim() || row.email.split('@')[0] || 'Team member';
  return join(deps, row, owner, { name: name.slice(0, 100), password_hash: null, [column]: identity.sub }, userAgent);
}

type Joining = { name: string; password_hash: string | null; google_sub?: string; apple_sub?: string };

/** Claims the invitation (once, even when opened twice at once) and makes the staff account, signed in. */
async function join(deps: Deps, row: TeamInvitationRow, owner: User, joining: Joining, userAgent?: string): Promise<SigninResponse> {
  const now = deps.now();
  const user = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('team_invitations')
      .set({ accepted_at: now })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(410, 'This invitation has already been used. Sign in with your email and password.', 'code_expired');
    return trx
      .insertInto('users')
      .values({ ...joining, email: row.email, user_type: 'regular', verified_at: now, team_owner_id: owner.id, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError(409, 'This email already has a Mise account. Ask the owner to invite another address.', 'conflict');
    throw error;
  });
  return openSession(deps, user, userAgent);
}
