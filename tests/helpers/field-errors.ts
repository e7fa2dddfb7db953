import { expect } from 'vitest';

/**
 * Checks an error answer against `'field: message'` (a refusal of that field, with that message under
 * `fields` and in the sentence, which never names the field itself) or a plain sentence.
 */
export function expectRefusal(body: { error?: string; fields?: Record<string, string> }, expected: string) {
  const match = /^([\w.]+): ?(.*)$/.exec(expected);
  if (!match) {
    expect(body.error).toContain(expected);
    return;
  }
  const [, field, message] = match as unknown as [string, string, string];
  expect(Object.keys(body.fields ?? {}), `fields of ${JSON.stringify(body)}`).toContain(field);
  if (message) {
    expect(body.fields![field]).toBe(message);
    expect(body.error).toContain(message);
  }
  expect(body.error).not.toContain(`${field}:`);
}

/** An error answer's fields as 'field: message; field: message', for matching several at once. */
export const fieldList = (body: { fields?: Record<string, string> }) =>
  Object.entries(body.fields ?? {})
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
