import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx';

export const Route = createFileRoute('/_auth/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <>
      <AuthHeading title="Forgot your password?">Enter your email and we will send you a code to set a new one.</AuthHeading>
      <ForgotPasswordForm />
      <Text ta="center" mt="xl">
        <Anchor component={Link} to="/signin" fw={700} py={10} display="inline-block">
          Back to sign in
        </Anchor>
      </Text>
    </>
  );
}
