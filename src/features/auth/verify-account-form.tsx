import { Button, Group, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { VerifyAccountRequestSchema } from '../../contract/auth.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useVerifyAccount } from './auth-mutations.ts';
import { CodeInput } from './code-input.tsx';
import { ResendCode } from './resend-code.tsx';

export function VerifyAccountForm({ email }: { email: string | null }) {
  const verify = useVerifyAccount();
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (code: string) => {
    if (verify.isPending) return;
    const parsed = v.safeParse(VerifyAccountRequestSchema, { otp: code, email: email ?? '', userType: 'regular' });
    if (!parsed.success) {
      const otpIssue = parsed.issues.find((issue) => v.getDotPath(issue) === 'otp');
      if (otpIssue) setError(otpIssue.message);
      // No address to check the code against: say so (spec §5), there is nothing to fix in the boxes.
      else notifyError(null, parsed.issues[0].message);
      return;
    }
    setError(null);
    verify.mutate(
      { email: parsed.output.email, otp: parsed.output.otp },
      {
        onSuccess: () => {
          notifySuccess('Account verified');
          void navigate({ to: '/subscriptions' });
        },
        onError: (failure) => {
          setOtp('');
          notifyError(failure, 'Something went wrong');
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(otp);
      }}
    >
      <Stack gap="lg">
        <CodeInput
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setError(null);
          }}
          // A pasted or autofilled code goes straight in: one less tap.
          onComplete={submit}
          error={error}
          autoFocus
        />
        <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
          Verify account
        </Button>
        <Group justify="center">
          <ResendCode email={email} otpType="verification" />
        </Group>
      </Stack>
    </form>
  );
}
