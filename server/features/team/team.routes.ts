import { Hono } from 'hono';
import {
  AcceptAppleInvitationRequestSchema,
  AcceptGoogleInvitationRequestSchema,
  AcceptInvitationRequestSchema,
  CheckInvitationRequestSchema,
  InviteRequestSchema,
} from '../../../src/contract/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { isTrue, stringClaim, verifyIdentityToken } from '../auth/identity-token.ts';
import type { Deps } from '../../deps.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { limitByIp } from '../auth/auth.limits.ts';
import { acceptInvitation, acceptInvitationWithProvider, invite, previewInvitation, removeMember, resend, revoke, teamView } from './team.service.ts';

/** Where the mailed link points: PUBLIC_URL, or the address the owner reached Mise at. */
const baseUrlOf = (deps: Deps, requestUrl: string) => (deps.env.PUBLIC_URL || new URL(requestUrl).origin).replace(/\/+$/, '');

/** /api/v1/team (issue 19): the owner's members and invitations; the invitee's link (no session). */
export function teamRoutes(deps: Deps) {
  const router = new Hono<{ Variables: SessionVariables }>();
  const auth = requireSession(deps);
  const once = idempotency(deps);
  const limited = limitByIp(deps, 'teamInvitation');

  router.get('/', auth, async (c) => c.json(await teamView(deps, c.get('user'))));

  router.post('/invitations', auth, once, validate('json', InviteRequestSchema), async (c) =>
    c.json(await invite(deps, c.get('user'), c.req.valid('json').email, baseUrlOf(deps, c.req.url)), 201),
  );
  router.post('/invitations/check', limited, validate('json', CheckInvitationRequestSchema), async (c) =>
    c.json(await previewInvitation(deps, c.req.valid('json').token)),
  );
  router.post('/invitations/accept', limited, validate('json', AcceptInvitationRequestSchema), async (c) =>
    c.json(await acceptInvitation(deps, c.req.valid('json'), c.req.header('user-agent')), 201),
  );
  // Or with Google / Apple where configured (503 naming the provider otherwise): the token's verified email must be the invitation's.
  router.post('/invitations/accept-google', limited, validate('json', AcceptGoogleInvitationRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const payload = await verifyIdentityToken(deps.env, deps.logger, 'google', body.idToken);
    const email = stringClaim(payload, 'email');
    if (email && !isTrue(payload.email_verified)) {
      throw new AppError(403, `Google has not verified ${email}, so it cannot be used to join. Set a password instead.`, 'forbidden');
    }
    const identity = { provider: 'google' as const, sub: payload.sub, email, name: stringClaim(payload, 'name') };
    return c.json(await acceptInvitationWithProvider(deps, body.token, identity, c.req.header('user-agent')), 201);
  });
  router.post('/invitations/accept-apple', limited, validate('json', AcceptAppleInvitationRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const payload = await verifyIdentityToken(deps.env, deps.logger, 'apple', body.authToken);
    // Only the token's email counts; Apple hands the name to the page once, on first sign-in.
    const email = stringClaim(payload, 'email');
    const identity = { provider: 'apple' as const, sub: payload.sub, email: email && isTrue(payload.email_verified) ? email : null, name: body.name || null };
    return c.json(await acceptInvitationWithProvider(deps, body.token, identity, c.req.header('user-agent')), 201);
  });
  router.post('/invitations/:id/resend', auth, once, async (c) => c.json(await resend(deps, c.get('user'), c.req.param('id'), baseUrlOf(deps, c.req.url))));
  router.delete('/invitations/:id', auth, once, async (c) => {
    await revoke(deps, c.get('user').id, c.req.param('id'));
    return c.json({ message: 'Invitation revoked' });
  });
  router.delete('/members/:id', auth, once, async (c) => {
    await removeMember(deps, c.get('user').id, c.req.param('id'));
    return c.json({ message: 'Team member removed' });
  });
  return router;
}
