import * as v from 'valibot';
import { NewPasswordSchema } from './auth.ts';
import { EmailSchema } from './common.ts';

/** Issue 19: the owner's team (staff who upload media from their own phones). */

/** An invitation link works for this long after it was (re)sent. */
export const INVITATION_TTL_DAYS = 7;
/** The query parameter of the mailed link: `/join?invite=TOKEN`. */
export const INVITE_PARAM = 'invite';
export const STAFF_FORBIDDEN_MESSAGE = 'Team members can use the media library and their own profile only. Ask the owner for anything else.';

export const InviteRequestSchema = v.object({ email: EmailSchema('Email address is required') });

const TokenSchema = v.pipe(v.string('token is required'), v.trim(), v.nonEmpty('token is required'), v.maxLength(200, 'token is not valid'));

export const AcceptInvitationRequestSchema = v.object({
  token: TokenSchema,
  name: v.pipe(v.string('Name is required'), v.trim(), v.nonEmpty('Name is required'), v.maxLength(100, 'Name must be at most 100 characters')),
  password: NewPasswordSchema,
});
export type AcceptInvitationRequest = v.InferOutput<typeof AcceptInvitationRequestSchema>;

/**
 * Joining with Google or Apple instead of a password (where the server has them set up): the provider's verified email
 * must be the invitation's. Apple gives the page the name once, on first sign-in.
 */
export const AcceptGoogleInvitationRequestSchema = v.object({
  token: TokenSchema,
  idToken: v.pipe(v.string('idToken is required'), v.nonEmpty('idToken is required')),
});
export const AcceptAppleInvitationRequestSchema = v.object({
  token: TokenSchema,
  authToken: v.pipe(v.string('authToken is required'), v.nonEmpty('authToken is required')),
  name: v.optional(v.pipe(v.string('name must be text'), v.trim(), v.maxLength(100, 'Name must be at most 100 characters'))),
});

/** The join form: the request plus a confirmation. */
export const JoinFormSchema = v.pipe(
  v.object({ name: AcceptInvitationRequestSchema.entries.name, password: NewPasswordSchema, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Passwords must match'),
    ['confirmPassword'],
  ),
);

export const CheckInvitationRequestSchema = v.object({ token: TokenSchema });

/** What the join screen shows before the invitee sets a name and password. */
export const InvitationPreviewSchema = v.object({ email: v.string(), restaurantName: v.string(), ownerName: v.string() });
export type InvitationPreview = v.InferOutput<typeof InvitationPreviewSchema>;

const TeamMemberSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  role: v.picklist(['owner', 'staff']),
  joinedAt: v.string(),
  /** Live media items this person uploaded to the restaurant's library. */
  uploads: v.number(),
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

export const TeamInvitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  sentAt: v.string(),
  expiresAt: v.string(),
  expired: v.boolean(),
});
export type TeamInvitation = v.InferOutput<typeof TeamInvitationSchema>;

export const TeamResponseSchema = v.object({
  members: v.array(TeamMemberSchema),
  invitations: v.array(TeamInvitationSchema),
  /** The plan's team size (the owner counts as one) and the seats taken by members. */
  limit: v.number(),
  used: v.number(),
  planName: v.string(),
});
export type TeamResponse = v.InferOutput<typeof TeamResponseSchema>;
