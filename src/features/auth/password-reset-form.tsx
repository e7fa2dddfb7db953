import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { ResetPasswordRequestSchema } from '../../contract/auth.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useResetPassword } from './auth-mutations.ts';
import { CodeInput } from './code-input.tsx';
import { ResendCode } from './resend-code.tsx';

type ResetValues = { otp: string; password: string; confirmPassword: string };

export function PasswordResetForm({ email }: { email: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useContractForm<ResetValues>({
    initialValues: { otp: '', password: '', confirmPassword: '' },
    // The same schema the server applies, with the address this code was sent to.
    schema: ResetPasswordRequestSchema,
    toRequest: (values) => ({ ...values, email, userType: 'regular' }),
  });
  const { otp, password, confirmPassword } = form.getValues();
  const filled = otp !== '' && password !== '' && confirmPassword !== '';

  const handleSubmit = form.onSubmit((values) => {
    const body = v.parse(ResetPasswordRequestSchema, { ...values, email, userType: 'regular' });
    reset.mutate(body, {
      onSuccess: () => {
        notifySuccess('Password has been reset successfully');
        void navigate({ to: '/signin' });
      },
      onError: (error) => {
        form.setServerErrors(error);
        notifyError(error, 'Something went wrong');
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <CodeInput value={otp} onChange={(value) => form.setFieldValue('otp', value)} error={form.errors.otp as string | undefined} autoFocus />
        <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" size="lg" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" size="lg" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" size="lg" fullWidth disabled={!filled} loading={reset.isPending}>
          Reset password
        </Button>
        <Group justify="center">
          <ResendCode email={email} otpType="reset_password" />
        </Group>
      </Stack>
    </form>
  );
}
