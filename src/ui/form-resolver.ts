import type { FormErrors } from '@mantine/form';
import { valibotResolver } from 'mantine-form-valibot-resolver';
import * as v from 'valibot';

/**
 * Validates a Mantine form with a contract schema. Each field shows its FIRST problem: the stock
 * resolver keeps the last issue, which would turn an empty password into 'at least 8 characters'
 * instead of 'Password is required'.
 */
export function contractResolver<T extends Record<string, unknown>>(schema: v.GenericSchema<T>): (values: T) => FormErrors {
  return valibotResolver(v.config(schema, { abortPipeEarly: true }));
}
