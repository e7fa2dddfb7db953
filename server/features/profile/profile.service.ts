import { parsePhoneNumber } from 'libphonenumber-js/min';
import type { UpdateProfileRequest, UpdateProfileResponse } from '../../../src/contract/profile.ts';
import type { Deps } from '../../deps.ts';
import type { User } from '../../db/schema.ts';
import { emailTaken, isUniqueViolation } from '../auth/auth.service.ts';
import { sendFreshCode } from '../auth/otp.ts';
import { deleteAvatar, storeAvatar, toAvatarWebp } from './profile-image.ts';
import { findUserByEmail } from './account.service.ts';

/**
 * Applies the fields that were sent. A new email must be verified again (a code goes to it): until
 * then the account is unverified, which also stops a Google/Apple sign-in being linked to an
 * address nobody proved. The old picture file is removed once the new one is saved.
 */
export async function updateProfile(deps: Deps, user: User, fields: UpdateProfileRequest, image: File | null): Promise<UpdateProfileResponse> {
  const emailChanged = fields.email !== undefined && fields.email !== user.email.toLowerCase();
  if (emailChanged && (await findUserByEmail(deps.db, fields.email!))) throw emailTaken();

  const imageUrl = image ? await storeAvatar(deps.storage, await toAvatarWebp(image)) : undefined;
  const now = deps.now();
  let updated: User;
  try {
    updated = await deps.db
      .updateTable('users')
      .set({
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.phoneNumber !== undefined ? { phone_number: parsePhoneNumber(fields.phoneNumber).number } : {}),
        ...(emailChanged ? { email: fields.email, verified_at: null } : {}),
        ...(imageUrl ? { image_url: imageUrl } : {}),
        updated_at: now,
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (imageUrl) await deleteAvatar(deps.storage, imageUrl);
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  if (imageUrl && user.image_url !== imageUrl) await deleteAvatar(deps.storage, user.image_url);
  if (emailChanged) await sendFreshCode(deps, updated, 'verification', 'skip');
  return {
    name: updated.name,
    email: updated.email,
    image: updated.image_url,
    phoneNumber: updated.phone_number,
    verified: updated.verified_at !== null,
  };
}
