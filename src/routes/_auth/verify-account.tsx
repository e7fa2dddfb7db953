import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionStore } from '../../lib/session.ts';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { VerifyAccountForm } from '../../features/auth/verify-account-form.tsx';

export const Route = createFileRoute('/_auth/verify-account')({
  component: VerifyAccountPage,
});

function VerifyAccountPage() {
  const [email] = useState(() => sessionStore.getPendingEmail());
  return (
    <>
      <AuthHeading title="Check your email">
        {email ? (
          <>
            We sent a 6-digit code to{' '}
            <Text span fw={700} c="dark.8">
              {email}
            </Text>
            . It works for 10 minutes.
          </>
        ) : (
          'Enter the 6-digit code from your email.'
        )}
      </AuthHeading>
      <VerifyAccountForm email={email} />
    </>
  );
}
