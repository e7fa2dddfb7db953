import type { FormErrors } from '@mantine/form';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { EmailInput } from '../../ui/email-input.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { SignupFormSchema } from '../../contract/auth.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useSignup } from './auth-mutations.ts';

type SignupValues = v.InferInput<typeof SignupFormSchema>;

// Spec §5: every error at once. The contract checks the match only once the password itself is valid;
// the owner should not have to submit twice to learn the two boxes differ.
function validate(values: SignupValues, errors: FormErrors) {
  if (!errors.confirmPassword && values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords must match';
  return errors;
}

export function SignupForm() {
  const signup = useSignup();
  const navigate = useNavigate();
  const form = useContractForm<SignupValues>({
    initialValues: { name: '', email: '', password: '', confirmPassword: '' },
    schema: SignupFormSchema,
    validate,
    validateInputOnChange: false,
  });

  const handleSubmit = form.onSubmit((values) => {
    const { name, email, password } = v.parse(SignupFormSchema, values);
    signup.mutate(
      { name, email, password },
      {
        onSuccess: () => {
          notifySuccess('Registration successful');
          void navigate({ to: '/verify-account' });
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error, 'Signup failed');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Full name" autoComplete="name" autoCapitalize="words" size="lg" {...form.getInputProps('name')} />
        <EmailInput {...form.getInputProps('email')} />
        <PasswordInput label="Password" description="At least 8 characters" autoComplete="new-password" size="lg" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" size="lg" {...form.getInputProps('confirmPassword')} />
        <Text size="sm" c="dimmed">
          By creating an account you agree to the{' '}
          <Anchor component={Link} to="/terms" inherit fw={600}>
            terms of use
          </Anchor>{' '}
          and the{' '}
          <Anchor component={Link} to="/privacy" inherit fw={600}>
            privacy policy
          </Anchor>
          .
        </Text>
        <Button type="submit" size="lg" fullWidth loading={signup.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
