import type { FormErrors } from '@mantine/form';
import { valibotResolver } from 'mantine-form-valibot-resolver';
import * as v from 'valibot';
import { ApiError } from '../lib/api.ts';

/**
 * Validates a Mantine form with a contract schema. Each field shows its FIRST problem: the stock
 * resolver keeps the last issue, which would turn an empty password into 'at least 8 characters'
 * instead of 'Password is required'.
 */
export function contractResolver<T extends Record<string, unknown>>(schema: v.GenericSchema<T>): (values: T) => FormErrors {
  return valibotResolver(v.config(schema, { abortPipeEarly: true }));
}

/**
 * The server names the field in a 400 ("password: Your current password is not right; email: …").
 * Returns those messages keyed by form field so they show beside the field, not only in a toast.
 */
export function serverFieldErrors(error: unknown, fieldOf: Record<string, string> = {}): FormErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fromServer) return {};
  const errors: FormErrors = {};
  for (const part of error.message.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(part);
    if (!match?.[1] || !match[2]) continue;
    const field = fieldOf[match[1]] ?? match[1];
    errors[field] ??= match[2];
  }
  return errors;
}
