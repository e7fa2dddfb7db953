import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { FieldErrors } from '../../src/contract/common.ts';
import { fieldsError } from './app-error.ts';

type Target = 'json' | 'form' | 'query' | 'param';

/** Each bad field with its first problem, keyed by dot path ("items.0.cron_schedule"); `body` when the whole value is wrong. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // No prototype: "__proto__" and "valueOf" are field names like any other.
  const fields: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? 'body';
    if (!Object.hasOwn(fields, field)) fields[field] = issue.message;
  }
  return fields;
}

const OPTIONAL_TYPES = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);

/**
 * valibot reports a missing key as "Invalid key: Expected ..." rather than running the field's own
 * schema. Listing the declared keys as `undefined` lets each field answer with its own message
 * ("Email address is required"), which is what people should see.
 */
function withDeclaredKeys(schema: v.GenericSchema, value: unknown): unknown {
  const root = 'pipe' in schema && Array.isArray(schema.pipe) ? (schema.pipe[0] as v.GenericSchema) : schema;
  if (!('entries' in root) || typeof root.entries !== 'object' || root.entries === null) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const filled: Record<string, unknown> = { ...value };
  // Only required keys: optional ones stay absent, so `'key' in body` and exactOptional keep their meaning.
  for (const [key, entry] of Object.entries(root.entries as Record<string, v.GenericSchema>)) {
    if (!(key in filled) && !OPTIONAL_TYPES.has(entry.type)) filled[key] = undefined;
  }
  return filled;
}

// PostgreSQL text cannot hold NUL, and lone surrogates are not UTF-8: refused here, at the edge, for every route.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT_MESSAGE = 'This text contains characters that cannot be saved';

/** Dot paths of string values (keys included) that PostgreSQL could not store. */
function unstorableFields(value: unknown, path: string, found: FieldErrors, depth = 0): void {
  if (depth > 32) return;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value) && !Object.hasOwn(found, path || 'body')) found[path || 'body'] = UNSTORABLE_TEXT_MESSAGE;
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key) && !Object.hasOwn(found, childPath)) found[childPath] = UNSTORABLE_TEXT_MESSAGE;
    unstorableFields(child, childPath, found, depth + 1);
  }
}

/** Parses with a contract schema; bad input is a 400 whose `fields` name each bad field (never a 500). */
export function parseOr400<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const unstorable: FieldErrors = Object.create(null);
  unstorableFields(value, '', unstorable);
  if (Object.keys(unstorable).length > 0) throw fieldsError(unstorable);
  const result = v.safeParse(schema, withDeclaredKeys(schema, value));
  if (!result.success) throw fieldsError(issuesToFields(result.issues));
  return result.output;
}

/** Hono validator backed by a contract schema. */
export function validate<S extends v.GenericSchema, T extends Target>(target: T, schema: S) {
  return validator(target, (value) => parseOr400(schema, value) as v.InferOutput<S>);
}
