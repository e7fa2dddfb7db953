import { Hono } from 'hono';
import {
  ChangePasswordRequestSchema,
  UpdateNotificationRequestSchema,
  UpdateProfileRequestSchema,
  type MeResponse,
  type NotificationFlagId,
} from '../../../src/contract/profile.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { parseOr400, validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession } from '../../middleware/session.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { updateProfile } from './profile.service.ts';
import { staffFields } from '../team/team.staff.ts';
import { assertOwnId, notificationSettings, setNotificationFlag, subscriptionSummary, toCurrentUser } from './account.service.ts';

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

export const profileRoutes = (deps: Deps) => {
  // The profile and notification writes may be queued offline: an Idempotency-Key applies them once.
  const idempotent = idempotency(deps);
  return new Hono()
    // Unverified owners may read who they are (to be sent to /verify-account) and fix a mistyped email.
    .get('/me', requireSession(deps, { allowUnverified: true }), async (c) => {
      const user = c.get('user');
      const body: MeResponse = {
        user: { ...toCurrentUser(user, await subscriptionSummary(deps.db, user.id, deps.now())), ...(await staffFields(deps.db, user)) },
        notifications: notificationSettings(user.notifications),
      };
      return c.json(body);
    })
    .post('/update-profile/:id', requireSession(deps, { allowUnverified: true }), idempotent, async (c) => {
      const user = c.get('user');
      assertOwnId(user.id, c.req.param('id'));
      if (!FORM_TYPES.test(c.req.header('content-type') ?? '')) {
        throw new AppError(415, 'Send the profile as a form (multipart/form-data)', 'unsupported_media_type');
      }
      const { image, ...fields } = await c.req.parseBody();
      if (typeof image === 'string' && image !== '') throw fieldError('image', 'The picture must be a file');
      const parsed = parseOr400(UpdateProfileRequestSchema, fields);
      // A form with no file chosen still carries an empty `image` part.
      const file = image instanceof File && image.size > 0 ? image : null;
      return c.json(await updateProfile(deps, user, parsed, file));
    })
    .post('/change-password', requireSession(deps), validate('json', ChangePasswordRequestSchema), async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      assertOwnId(user.id, body.userId);
      // A stolen session must not become a way to guess the password.
      await enforceRateLimit(deps, `users:change-password:${user.id}`, 10, 15 * 60);
      if (!user.password_hash) {
        throw new AppError(400, 'This account signs in with Google or Apple and has no password yet. Use Forgot password to set one.', 'validation');
      }
      if (!(await verifyPassword(body.password, user.password_hash))) {
        throw fieldError('password', 'Your current password is not right');
      }
      const now = deps.now();
      await deps.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.newPassword), updated_at: now })
        .where('id', '=', user.id)
        .execute();
      // Every session ends, this one included: the client sends the owner to /signin (spec §4).
      await endAllSessions(deps, user.id);
      return c.json({ message: 'Password has been changed successfully' });
    })
    .post('/notifications/:userId', requireSession(deps), idempotent, validate('json', UpdateNotificationRequestSchema), async (c) => {
      const user = c.get('user');
      assertOwnId(user.id, c.req.param('userId'));
      const [flag, value] = Object.entries(c.req.valid('json'))[0] as [NotificationFlagId, boolean];
      const notifications = await setNotificationFlag(deps.db, user.id, flag, value, deps.now());
      return c.json({ message: 'Notification updated successfully', notifications });
    });
};
