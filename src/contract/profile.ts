import { isValidPhoneNumber } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { EmailSchema, PASSWORD_MIN_LENGTH } from './common.ts';
import { NOTIFICATION_FLAGS, NotificationSettingsSchema } from './profile-me.ts';

export {

  NOTIFICATION_FLAGS,

  type CurrentUser,
  type MeResponse,
  type NotificationFlagId,
  type NotificationSettings,
} from './profile-me.ts';

/** POST /users/notifications/{userId}: exactly one flag, e.g. `{ "weeklySummary": false }`. */
export const UpdateNotificationRequestSchema = v.pipe(
  v.record(v.string(), v.boolean('Each notification setting is true or false')),
  v.check((input) => Object.keys(input).length === 1, 'Send exactly one notification setting at a time'),
  v.check((input) => Object.keys(input).every((key) => NOTIFICATION_FLAGS.some((flag) => flag.id === key)), 'Unknown notification setting'),
);
export const UpdateNotificationResponseSchema = v.object({ message: v.string(), notifications: NotificationSettingsSchema });

/** Phone numbers travel in E.164 (+15551234567): the country code joined to the number. */
const PhoneNumberSchema = v.pipe(
  v.string('Phone number must be text'),
  v.trim(),
  v.check((value) => isValidPhoneNumber(value), 'Enter a valid phone number'),
);

/** Multipart fields of POST /users/update-profile/{id}; only non-empty ones are sent (spec §5). The image is checked separately. */
export const UpdateProfileRequestSchema = v.object({
  name: v.optional(v.pipe(v.string('Name must be text'), v.trim(), v.nonEmpty('Name is required'), v.maxLength(100, 'Name must be at most 100 characters'))),
  email: v.optional(EmailSchema('Email address is required')),
  phoneNumber: v.optional(PhoneNumberSchema),
});
export type UpdateProfileRequest = v.InferOutput<typeof UpdateProfileRequestSchema>;
export const UpdateProfileResponseSchema = v.object({
  name: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  /** false after the email changed: a code went to the new address and only verify-account (and /users/me) work until it is entered. */
  verified: v.boolean(),
});
export type UpdateProfileResponse = v.InferOutput<typeof UpdateProfileResponseSchema>;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const MinPassword = (required: string) =>
  v.pipe(v.string(required), v.nonEmpty(required), v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'), v.maxLength(200));

export const ChangePasswordRequestSchema = v.object({
  password: MinPassword('Please Input your password'),
  newPassword: MinPassword('Please set new password'),
  userId: v.pipe(v.string('userId is required'), v.nonEmpty('userId is required')),
});

export const ChangePasswordFormSchema = v.pipe(
  v.object({
    password: MinPassword('Please Input your password'),
    newPassword: MinPassword('Please set new password'),
    confirmPassword: MinPassword('Confirm your password'),
  }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (input) => input.newPassword === input.confirmPassword, 'Passwords must match'),
    ['confirmPassword'],
  ),
);
