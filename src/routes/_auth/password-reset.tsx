import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionStore } from '../../lib/session.ts';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { PasswordResetForm } from '../../features/auth/password-reset-form.tsx';

export const Route = createFileRoute('/_auth/password-reset')({
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const [email] = useState(() => sessionStore.getPendingEmail());
  if (!email) {
    return (
      <>
        <AuthHeading title="Set a new password">There is no email found. Ask for a reset code first.</AuthHeading>
        <Anchor component={Link} to="/forgot-password" fw={700} py={10} display="inline-block">
          Send me a reset code
        </Anchor>
      </>
    );
  }
  return (
    <>
      <AuthHeading title="Set a new password">
        Enter the code we sent to{' '}
        <Text span fw={700} c="dark.8">
          {email}
        </Text>{' '}
        and choose a new password.
      </AuthHeading>
      <PasswordResetForm email={email} />
      <Text ta="center" mt="lg">
        <Anchor component={Link} to="/signin" fw={700} py={10} display="inline-block">
          Back to sign in
        </Anchor>
      </Text>
    </>
  );
}
