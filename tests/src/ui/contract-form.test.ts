import { describe, expect, it } from 'vitest';
import { SignupFormSchema } from '../../../src/contract/auth.ts';
import { apiErrorFrom } from '../../../src/lib/api-error.ts';
import { schemaErrors, serverFieldErrors } from '../../../src/ui/contract-form.ts';

describe('schemaErrors', () => {
  it('shows the first problem of each field, all fields at once', () => {
    expect(schemaErrors(SignupFormSchema, { name: '', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Name is required',
      email: 'Email address is required',
      password: 'Password is required',
    });
    expect(schemaErrors(SignupFormSchema, { name: 'Rosa', email: 'rosa@', password: 'short', confirmPassword: 'short' })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('checks the confirmation once the rest is valid', () => {
    expect(schemaErrors(SignupFormSchema, { name: 'Rosa', email: 'rosa@cafe.test', password: 'long enough', confirmPassword: 'long enougj' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });
});

describe('serverFieldErrors', () => {
  it('puts each field of the server answer beside its form field, parsed by the one error parser', () => {
    const error = apiErrorFrom(400, {
      error: 'Enter a valid phone number. Enter a valid email address',
      code: 'validation',
      fields: { phoneNumber: 'Enter a valid phone number', email: 'Enter a valid email address' },
    });
    expect(error.message).toBe('Enter a valid phone number. Enter a valid email address');
    expect(serverFieldErrors(error, { phoneNumber: 'phone' })).toEqual({ phone: 'Enter a valid phone number', email: 'Enter a valid email address' });
  });

  it('keeps field errors of any status (a 409 names the email already taken)', () => {
    const conflict = apiErrorFrom(409, { error: 'Another customer already has this email', code: 'conflict', fields: { email_address: 'Another customer already has this email' } });
    expect(serverFieldErrors(conflict)).toEqual({ email_address: 'Another customer already has this email' });
  });

  it('has nothing to place when the error is not about a field', () => {
    expect(serverFieldErrors(apiErrorFrom(400, { error: 'Something went wrong' }))).toEqual({});
    expect(serverFieldErrors(apiErrorFrom(500, 'not json'))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});
