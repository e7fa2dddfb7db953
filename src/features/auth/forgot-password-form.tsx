import { Button, Stack } from '@mantine/core';
import { EmailInput } from '../../ui/email-input.tsx';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { EmailSchema } from '../../contract/common.ts';
import { sessionStore } from '../../lib/session.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useRequestOtp } from './auth-mutations.ts';

const ResetEmailSchema = v.object({ email: EmailSchema('Email address is required') });

export function ForgotPasswordForm() {
  const requestOtp = useRequestOtp();
  const navigate = useNavigate();
  const form = useContractForm<{ email: string }>({ initialValues: { email: sessionStore.getPendingEmail() ?? '' }, schema: ResetEmailSchema });

  const handleSubmit = form.onSubmit((values) => {
    const { email } = v.parse(ResetEmailSchema, values);
    requestOtp.mutate(
      { email, otpType: 'reset_password' },
      {
        onSuccess: () => {
          sessionStore.setPendingEmail(email);
          notifySuccess('OTP sent');
          void navigate({ to: '/password-reset' });
        },
        onError: (failure) => {
          form.setServerErrors(failure);
          notifyError(failure, 'Something went wrong', { prefix: 'Error sending OTP:' });
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailInput {...form.getInputProps('email')} />
        <Button type="submit" size="lg" fullWidth disabled={form.getValues().email.trim() === ''} loading={requestOtp.isPending}>
          Send reset code
        </Button>
      </Stack>
    </form>
  );
}
