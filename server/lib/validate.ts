import { validator } from 'hono/validator';
import * as v from 'valibot';
import { AppError } from './app-error.ts';

type Target = 'json' | 'form' | 'query' | 'param';

/** Turns valibot issues into one message that names each bad field, e.g. "email: Email address is required". */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    parts.push(`${field}: ${issue.message}`);
  }
  return parts.join('; ');
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

export function parseOr400<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, withDeclaredKeys(schema, value));
  if (!result.success) throw new AppError(400, describeIssues(result.issues), 'validation');
  return result.output;
}

/** Hono validator backed by a contract schema; a bad body is a 400 naming the field, never a 500. */
export function validate<S extends v.GenericSchema, T extends Target>(target: T, schema: S) {
  return validator(target, (value) => parseOr400(schema, value) as v.InferOutput<S>);
}
