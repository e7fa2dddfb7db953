import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type services throw. `app.onError` turns it into `{ error: message }`.
 * Codes are stable identifiers the client may branch on; the message is for people.
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
  | 'internal';

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: AppErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, message: string, code: AppErrorCode = 'internal', headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what, 'not_found');
