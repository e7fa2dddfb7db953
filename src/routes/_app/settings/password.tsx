import { createFileRoute } from '@tanstack/react-router';
import { useSignOut } from '../../../features/auth/use-sign-out.ts';
import { ChangePasswordForm } from '../../../features/profile/change-password-form.tsx';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/settings/password')({
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const signOut = useSignOut();
  return (
    <PageColumn>
      <PageHeader title="Change password">You will be signed out everywhere and sign in again with the new password.</PageHeader>
      <ChangePasswordForm onChanged={() => void signOut()} />
    </PageColumn>
  );
}
