import { Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppleButton, type AppleCredential } from './apple-button.tsx';
import { authQueries } from './auth-queries.ts';
import { GoogleButton } from './google-button.tsx';

type ProviderButtonsProps = {
  onGoogle: (idToken: string) => void;
  onApple: (credential: AppleCredential) => void;
  appleLoading: boolean;
  onError: (error: unknown) => void;
};

/**
 * Google and Apple for another screen's own use of the identity token (the team invitation's /join), shown only where
 * the server has them set up: nothing at all otherwise (a password is the way then).
 */
export function ProviderButtons({ onGoogle, onApple, appleLoading, onError }: ProviderButtonsProps) {
  const providers = useQuery(authQueries.providers());
  const google = providers.data?.google;
  const apple = providers.data?.apple;
  if (!google && !apple) return null;
  return (
    <Stack gap="sm" data-testid="provider-buttons">
      <Divider label="or" labelPosition="center" my="xs" />
      {google && <GoogleButton clientId={google.clientId} onIdToken={onGoogle} />}
      {apple && <AppleButton clientId={apple.clientId} redirectUri={apple.redirectUri} loading={appleLoading} onCredential={onApple} onError={onError} />}
    </Stack>
  );
}
