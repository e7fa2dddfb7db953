import type { FormErrors } from '@mantine/form';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import * as v from 'valibot';
import { JoinFormSchema } from '../../contract/team.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { teamQueries, useAcceptInvitation, useAcceptInvitationWithProvider } from './team-queries.ts';

type JoinValues = v.InferInput<typeof JoinFormSchema>;

function validate(values: JoinValues, errors: FormErrors) {
  if (!errors.confirmPassword && values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords must match';
  return errors;
}

/** Google and Apple buttons (the auth feature's), shown where the server has them set up. */
type ProvidersProps = {
  onGoogle: (idToken: string) => void;
  onApple: (credential: { authToken: string; name?: string }) => void;
  appleLoading: boolean;
  onError: (error: unknown) => void;
};

/** The mailed invitation's page: who invited you, then a name and a password (or Google / Apple), and you are in (issue 19). */
/** `Heading`: the signed-out screens' title and lead; `Providers`: the Google and Apple buttons (the route passes the auth feature's). */
export function JoinForm({
  token,
  Heading: AuthHeading,
  Providers,
}: {
  token: string;
  Heading: ComponentType<{ title: string; children?: ReactNode }>;
  Providers?: ComponentType<ProvidersProps>;
}) {
  const preview = useQuery({ ...teamQueries.preview(token), enabled: token !== '' });
  const accept = useAcceptInvitation();
  const acceptWith = useAcceptInvitationWithProvider();
  const navigate = useNavigate();
  const form = useContractForm<JoinValues>({ initialValues: { name: '', password: '', confirmPassword: '' }, schema: JoinFormSchema, validate, validateInputOnChange: false });

  if (!token) {
    return (
      <>
        <AuthHeading title="Join a team">Open the link in the invitation email to join.</AuthHeading>
        <Anchor component={Link} to="/signin" fw={600}>
          Sign in instead
        </Anchor>
      </>
    );
  }
  if (preview.isPending) return <Loader aria-label="Checking the invitation" />;
  if (preview.isError) {
    return (
      <>
        <AuthHeading title="This invitation does not work">{preview.error.message}</AuthHeading>
        <Anchor component={Link} to="/signin" fw={600}>
          Sign in
        </Anchor>
      </>
    );
  }
  const { email, restaurantName, ownerName } = preview.data;

  const joined = {
    onSuccess: () => {
      notifySuccess(`Welcome to ${restaurantName}`);
      void navigate({ to: '/', replace: true });
    },
    onError: (error: Error) => notifyError(error),
  };

  const handleSubmit = form.onSubmit((values) => {
    const { name, password } = v.parse(JoinFormSchema, values);
    accept.mutate(
      { token, name, password },
      {
        onSuccess: () => {
          notifySuccess(`Welcome to ${restaurantName}`);
          void navigate({ to: '/', replace: true });
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error);
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title={`Join ${restaurantName}`}>
        {ownerName} invited you to add photos and videos to {restaurantName}’s media library from your phone.
      </AuthHeading>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Alert variant="light" color="gray" p="sm">
            <Text size="sm">
              You will sign in as <b>{email}</b>.
            </Text>
          </Alert>
          <TextInput label="Your name" autoComplete="name" size="lg" {...form.getInputProps('name')} />
          <PasswordInput label="Password" description="8 or more characters" autoComplete="new-password" size="lg" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" size="lg" {...form.getInputProps('confirmPassword')} />
          <Button type="submit" size="lg" fullWidth loading={accept.isPending}>
            Join the team
          </Button>
        </Stack>
      </form>
      {Providers && (
        <Providers
          onGoogle={(idToken) => acceptWith.mutate({ provider: 'google', token, idToken }, joined)}
          onApple={({ authToken, name }) => acceptWith.mutate({ provider: 'apple', token, authToken, name }, joined)}
          appleLoading={acceptWith.isPending}
          onError={(error) => notifyError(error, 'An error occured')}
        />
      )}
    </>
  );
}
