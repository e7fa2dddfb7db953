import * as v from 'valibot';
import { ErrorResponseSchema, type FieldErrors } from '../contract/common.ts';

/**
 * A failed call. `message` is the server's sentence when it sent one (fromServer), else ours;
 * `fields` maps each bad field to its message, to show under that field.
 * Pure (no DOM, no session), so the page and the service worker's outbox drain share it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fromServer: boolean;
  readonly fields: FieldErrors;

  constructor(status: number, message: string, code?: string, fromServer = false, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
    this.fields = fields;
  }
}

export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.';

/** The one parser of error answers: `{ error, code?, fields? }` (ErrorResponseSchema), or our fallback text. */
export function apiErrorFrom(status: number, payload: unknown, fallback = 'Something went wrong'): ApiError {
  const parsed = v.safeParse(ErrorResponseSchema, payload);
  if (!parsed.success) return new ApiError(status, fallback);
  return new ApiError(status, parsed.output.error, parsed.output.code, true, parsed.output.fields ?? {});
}

/** A body that may or may not be JSON (XHR, tus). */
export function parseJsonBody(text: string | null | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
