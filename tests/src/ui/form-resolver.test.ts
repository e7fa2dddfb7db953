import { describe, expect, it } from 'vitest';
import { SignupFormSchema } from '../../../src/contract/auth.ts';
import { ApiError } from '../../../src/lib/api.ts';
import { contractResolver, serverFieldErrors } from '../../../src/ui/form-resolver.ts';

describe('contractResolver', () => {
  const resolve = contractResolver(SignupFormSchema);

  it('shows the first problem of each field, all fields at once', () => {
    expect(resolve({ name: '', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Name is required',
      email: 'Email address is required',
      password: 'Password is required',
    });
    expect(resolve({ name: 'Rosa', email: 'rosa@', password: 'short', confirmPassword: 'short' })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('checks the confirmation once the rest is valid', () => {
    expect(resolve({ name: 'Rosa', email: 'rosa@cafe.test', password: 'long enough', confirmPassword: 'long enougj' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });
});

describe('serverFieldErrors', () => {
  it('puts each named field message beside its field', () => {
    const error = new ApiError(400, 'phoneNumber: Enter a valid phone number; email: Enter a valid email address', 'validation', true);
    expect(serverFieldErrors(error, { phoneNumber: 'phone' })).toEqual({ phone: 'Enter a valid phone number', email: 'Enter a valid email address' });
  });

  it('ignores errors that are not about a field', () => {
    expect(serverFieldErrors(new ApiError(409, 'email: taken', 'conflict', true))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'Something went wrong'))).toEqual({});
  });
});
