import * as v from 'valibot';

/** Every error response: `{ error, code? }`. The client shows `error` when present. */
export const ErrorResponseSchema = v.object({ error: v.string(), code: v.optional(v.string()) });
export type ErrorResponse = v.InferOutput<typeof ErrorResponseSchema>;

export const MessageResponseSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;

/** Only one kind of user exists (spec §6). */
export const UserTypeSchema = v.literal('regular');

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;

/** Trimmed and lower-cased before it is sent or stored (spec §5: "normalised"). */
export const EmailSchema = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty(requiredMessage),
    v.maxLength(254, 'Email address is too long'),
    v.email('Enter a valid email address'),
  );
