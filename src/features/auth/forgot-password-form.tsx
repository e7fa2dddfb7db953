import { Button, Stack } from '@mantine/core';
import { EmailInput } from '../../ui/email-input.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { EmailSchema } from '../../contract/common.ts';
import { sessionStore } from '../../lib/session.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useRequestOtp } from './auth-mutations.ts';

const ResetEmailSchema = EmailSchema('Email address is required');

export function ForgotPasswordForm() {
  const requestOtp = useRequestOtp();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => sessionStore.getPendingEmail() ?? '');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(v.config(ResetEmailSchema, { abortPipeEarly: true }), email);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    requestOtp.mutate(
      { email: parsed.output, otpType: 'reset_password' },
      {
        onSuccess: () => {
          sessionStore.setPendingEmail(parsed.output);
          notifySuccess('OTP sent');
          void navigate({ to: '/password-reset' });
        },
        onError: (failure) => notifyError(failure, 'Something went wrong', { prefix: 'Error sending OTP:' }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailInput
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth disabled={email.trim() === ''} loading={requestOtp.isPending}>
          Send reset code
        </Button>
      </Stack>
    </form>
  );
}
