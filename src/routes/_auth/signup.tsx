import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { SignupForm } from '../../features/auth/signup-form.tsx';
import { SocialSignin } from '../../features/auth/social-signin.tsx';

export const Route = createFileRoute('/_auth/signup')({
  component: SignupPage,
});

function SignupPage() {
  return (
    <>
      <AuthHeading title="Create your account">Marketing for your restaurant or café, from your pocket.</AuthHeading>
      <SignupForm />
      <SocialSignin />
      <Text ta="center" mt="xl">
        Already have an account?{' '}
        <Anchor component={Link} to="/signin" fw={700} py={10} display="inline-block">
          Sign in
        </Anchor>
      </Text>
    </>
  );
}
