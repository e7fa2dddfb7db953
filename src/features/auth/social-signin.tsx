import { Divider, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifyError } from '../../ui/notify.ts';
import { AppleButton } from './apple-button.tsx';
import { useAppleSignin, useGoogleSignin } from './auth-mutations.ts';
import { GoogleButton } from './google-button.tsx';
import { authQueries } from './auth-queries.ts';
import { UnavailableProviderButton } from './unavailable-provider-button.tsx';
import { useFinishSignin } from './use-finish-signin.ts';

/** Google and Apple, on /signin and /signup: both go to `redirect` (or /) once the server accepts the token. */
export function SocialSignin({ redirect }: { redirect?: string }) {
  const providers = useQuery(authQueries.providers());
  const google = useGoogleSignin();
  const apple = useAppleSignin();
  const finish = useFinishSignin(redirect);

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" my="xs" />
      {providers.isPending ? (
        <>
          <Skeleton h={50} radius="xl" />
          <Skeleton h={50} radius="xl" />
        </>
      ) : (
        <>
          {providers.data?.google ? (
            <GoogleButton
              clientId={providers.data.google.clientId}
              onIdToken={(idToken) => google.mutate(idToken, { onSuccess: finish, onError: (error) => notifyError(error, 'Error creating account') })}
            />
          ) : (
            <UnavailableProviderButton provider="Google" reason={reasonFor('Google', providers.isError)} />
          )}
          {providers.data?.apple ? (
            <AppleButton
              clientId={providers.data.apple.clientId}
              redirectUri={providers.data.apple.redirectUri}
              loading={apple.isPending}
              onCredential={(credential) => apple.mutate(credential, { onSuccess: finish, onError: (error) => notifyError(error, 'An error occured') })}
              onError={(error) => notifyError(error, 'An error occured')}
            />
          ) : (
            <UnavailableProviderButton provider="Apple" reason={reasonFor('Apple', providers.isError)} />
          )}
        </>
      )}
    </Stack>
  );
}

const reasonFor = (provider: string, couldNotAsk: boolean) =>
  couldNotAsk ? `${provider} sign-in is unavailable right now` : `${provider} sign-in is not set up on this server`;
