import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import type * as v from 'valibot';
import { ChangePasswordFormSchema } from '../../contract/profile.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useChangePassword } from './profile-mutations.ts';

type ChangePasswordValues = v.InferInput<typeof ChangePasswordFormSchema>;

/** `onChanged`: the server has ended every session of this account, so the caller signs out here too. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangePassword();
  const form = useContractForm<ChangePasswordValues>({
    initialValues: { password: '', newPassword: '', confirmPassword: '' },
    schema: ChangePasswordFormSchema,
    validate: (values, errors) => {
      if (!errors.confirmPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords must match';
      return errors;
    },
  });

  const handleSubmit = form.onSubmit(({ password, newPassword }) => {
    change.mutate(
      { password, newPassword },
      {
        onSuccess: () => {
          notifySuccess('Password has been changed successfully');
          onChanged();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error, 'Something went wrong.');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg' }}>
          <Stack gap="md">
            <PasswordInput label="Current password" autoComplete="current-password" size="lg" {...form.getInputProps('password')} />
            {/* The spec's hint says 6; the rule everywhere (spec §5, §9, the server) is 8, so the hint says 8. */}
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              size="lg"
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput label="Confirm new password" autoComplete="new-password" size="lg" {...form.getInputProps('confirmPassword')} />
          </Stack>
        </Paper>
        <Button type="submit" size="lg" fullWidth loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
