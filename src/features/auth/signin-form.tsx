import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { EmailInput } from '../../ui/email-input.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import { SigninRequestSchema } from '../../contract/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { sessionStore } from '../../lib/session.ts';
import { notifyError, notifyInfo } from '../../ui/notify.ts';
import { useSignin } from './auth-mutations.ts';
import { useFinishSignin } from './use-finish-signin.ts';

export function SigninForm({ redirect }: { redirect?: string }) {
  const signin = useSignin();
  const navigate = useNavigate();
  const finish = useFinishSignin(redirect);
  // A mistyped address is caught here, under the field, before anything is sent.
  const form = useContractForm({ initialValues: { email: '', password: '' }, schema: SigninRequestSchema, toRequest: (values) => ({ ...values, userType: 'regular' }) });
  const { email, password } = form.getValues();
  const filled = email.trim() !== '' && password !== '';

  const handleSubmit = form.onSubmit((values) => {
    const email = values.email.trim().toLowerCase();
    signin.mutate(
      { email, password: values.password },
      {
        onSuccess: finish,
        onError: (error) => {
          // Not verified yet: the server has mailed a fresh code, so the next step is the code screen.
          if (error instanceof ApiError && error.code === 'unverified') {
            sessionStore.setPendingEmail(email);
            notifyInfo(error.message);
            void navigate({ to: '/verify-account' });
            return;
          }
          form.setServerErrors(error);
          notifyError(error);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailInput {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" size="lg" {...form.getInputProps('password')} />
        <Anchor component={Link} to="/forgot-password" fw={600} size="sm" py={10} style={{ alignSelf: 'flex-end' }}>
          Forgot Password?
        </Anchor>
        <Button type="submit" size="lg" fullWidth disabled={!filled} loading={signin.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
