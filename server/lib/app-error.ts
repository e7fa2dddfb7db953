import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../../src/contract/common.ts';

/**
 * The one error type services throw. `app.onError` turns it into `{ error, code, fields? }` (ErrorResponseSchema).
 * `message` is a sentence for people (it may reach a toast, so it never carries a field name); `fields` maps each
 * bad field to its own message, so forms can show it under the field and API clients can tell which one it is.
 * Codes are stable identifiers the client may branch on.
 */
export type AppErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unverified'
  | 'invalid_code'
  | 'code_expired'
  | 'code_locked'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'plan_limit'
  | 'card_required'
  | 'card_declined'
  | 'oauth_failed'
  | 'provider_unavailable'
  | 'not_configured'
  | 'idempotency_mismatch'
  | 'precondition'
  | 'internal';

export type AppErrorOptions = {
  headers?: Record<string, string>;
  fields?: FieldErrors;
  /** More of the answer beside `error`, e.g. the current version of a draft on a 409 conflict. */
  data?: Record<string, unknown>;
};

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: AppErrorCode;
  readonly headers: Record<string, string>;
  readonly fields: FieldErrors | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(status: ContentfulStatusCode, message: string, code: AppErrorCode = 'internal', options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
    this.fields = options.fields && Object.keys(options.fields).length > 0 ? options.fields : undefined;
    this.data = options.data;
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what, 'not_found');

/** The sentence shown for several bad fields at once: each field's own message, in order. */
function fieldsMessage(fields: FieldErrors): string {
  return [...new Set(Object.values(fields))].map((message) => message.replace(/[.\s]+$/, '')).join('. ');
}

/** One bad field: 400 (or `status`) with the field's message as the sentence and in `fields`. */
export function fieldError(field: string, message: string, status: ContentfulStatusCode = 400, code: AppErrorCode = 'validation'): AppError {
  return new AppError(status, message, code, { fields: { [field]: message } });
}

/** Several bad fields at once (validation of a whole body). */
export function fieldsError(fields: FieldErrors, status: ContentfulStatusCode = 400): AppError {
  return new AppError(status, fieldsMessage(fields), 'validation', { fields });
}
