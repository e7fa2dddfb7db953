import * as v from 'valibot';

/** Field name (a dot path for nested fields, e.g. `items.0.cron_schedule`) → that field's message. */
const FieldErrorsSchema = v.record(v.string(), v.string());
export type FieldErrors = v.InferOutput<typeof FieldErrorsSchema>;

/**
 * Every error response: `{ error, code?, fields? }`. `error` is a sentence for people (shown in a toast);
 * `fields` names each bad field with its own message (shown under the field in a form).
 */
export const ErrorResponseSchema = v.object({ error: v.string(), code: v.optional(v.string()), fields: v.optional(FieldErrorsSchema) });

export const MessageResponseSchema = v.object({ message: v.string() });

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
