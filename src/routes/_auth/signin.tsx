import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthHeading } from '../../features/auth/auth-heading.tsx';
import { SigninSearchSchema } from '../../features/auth/redirect.ts';
import { SigninForm } from '../../features/auth/signin-form.tsx';
import { SocialSignin } from '../../features/auth/social-signin.tsx';

export const Route = createFileRoute('/_auth/signin')({
  validateSearch: SigninSearchSchema,
  component: SigninPage,
});

function SigninPage() {
  const { redirect } = Route.useSearch();
  return (
    <>
      <AuthHeading title="Welcome back">Sign in to see how your café is doing.</AuthHeading>
      <SigninForm redirect={redirect} />
      <SocialSignin redirect={redirect} />
      <Text ta="center" mt="xl">
        New to Mise?{' '}
        <Anchor component={Link} to="/signup" fw={700} py={10} display="inline-block">
          Create an account
        </Anchor>
      </Text>
    </>
  );
}
