// The field errors of a form from a contract schema and from the server: apart from contract-form.ts, so a screen with
// a hand-made form (the sign-in form) does not bring @mantine/form along.
import type { FormErrors } from '@mantine/form';
import * as v from 'valibot';
import { ApiError } from '../lib/api-error.ts';

/** Request field → form field, where the form names a value differently (`phoneNumber` → `phone`). */
export type FieldMap = Record<string, string>;

const formField = (path: string, fieldOf: FieldMap) => fieldOf[path] ?? fieldOf[path.split('.')[0]!] ?? path.split('.')[0]!;

/**
 * The first problem of each field, from a contract schema: all fields at once, each with its first
 * message (the schema's order: 'Password is required' before 'at least 8 characters').
 */
export function schemaErrors(schema: v.GenericSchema, value: unknown, fieldOf: FieldMap = {}): FormErrors {
  const errors: FormErrors = {};
  for (const issue of v.safeParse(v.config(schema, { abortPipeEarly: true }), value).issues ?? []) {
    const field = formField(v.getDotPath(issue) ?? '', fieldOf);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The server's field errors (ApiError.fields, from the one error parser) keyed by form field. */
export function serverFieldErrors(error: unknown, fieldOf: FieldMap = {}): FormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(error.fields)) errors[formField(path, fieldOf)] ??= message;
  return errors;
}
