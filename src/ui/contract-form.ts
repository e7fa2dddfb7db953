import { useForm, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type * as v from 'valibot';
import { schemaErrors, serverFieldErrors, type FieldMap } from './form-errors.ts';

export { schemaErrors, serverFieldErrors } from './form-errors.ts';

export type ContractFormOptions<T extends Record<string, unknown>> = Omit<UseFormInput<T>, 'validate'> & {
  /** The contract schema the server validates the request with. */
  schema: v.GenericSchema;
  /** The request the form's values become (default: the values themselves). */
  toRequest?: (values: T) => unknown;
  fieldOf?: FieldMap;
  /** Checks the schema cannot make (a file's type, two boxes that must match), given the schema's errors so far. */
  validate?: (values: T, errors: FormErrors) => FormErrors;
};

export type ContractForm<T extends Record<string, unknown>> = UseFormReturnType<T> & {
  /** Puts the server's field errors under their fields; true when there was at least one. */
  setServerErrors: (error: unknown) => boolean;
};

/**
 * A Mantine form bound to a contract schema: the same schema validates here and on the server, and
 * the server's field errors land under the same fields. Every form of the app uses it.
 */
export function useContractForm<T extends Record<string, unknown>>({ schema, toRequest, fieldOf = {}, validate, ...input }: ContractFormOptions<T>): ContractForm<T> {
  const form = useForm<T>({
    ...input,
    validate: (values) => {
      const errors = schemaErrors(schema, toRequest ? toRequest(values) : values, fieldOf);
      return validate ? validate(values, errors) : errors;
    },
  });
  return Object.assign(form, {
    setServerErrors: (error: unknown) => {
      const errors = serverFieldErrors(error, fieldOf);
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      return true;
    },
  });
}

/**
 * Follows a newer copy from the server (a refetch after another save on the same screen, e.g. the email
 * header upload) without throwing away what the owner is typing: a field they have not changed takes
 * the server's value, a field they changed keeps theirs and stays dirty. Keyed by `version`.
 */
export function useFollowServerCopy<T extends Record<string, unknown>>(form: UseFormReturnType<T>, serverValues: T, version: string | null | undefined) {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    const before = form.getInitialValues();
    const current = form.getValues();
    const merged = { ...serverValues } as T;
    for (const key of Object.keys(serverValues) as (keyof T)[]) {
      if (!sameValue(current[key], before[key])) merged[key] = current[key];
    }
    form.setInitialValues(serverValues);
    form.setValues(merged);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new server version re-bases the form
  }, [version]);
}

const sameValue = (a: unknown, b: unknown) => a === b || (!(a instanceof Blob) && !(b instanceof Blob) && JSON.stringify(a) === JSON.stringify(b));
