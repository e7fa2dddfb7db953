import { Button } from '@mantine/core';
import { IconBrandApple } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { loadScript } from './load-script.ts';
import { UnavailableProviderButton } from './unavailable-provider-button.tsx';

// Sign in with Apple JS in popup mode: the page receives the identity token and posts it to our server.
const APPLE_SRC = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

type AppleSigninAnswer = {
  authorization: { id_token: string; code: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
};

declare global {
  interface Window {
    AppleID?: {
      auth: {
        init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
        signIn(): Promise<AppleSigninAnswer>;
      };
    };
  }
}

export type AppleCredential = { authToken: string; name?: string; email?: string };

type AppleButtonProps = {
  clientId: string;
  redirectUri: string;
  loading: boolean;
  onCredential: (credential: AppleCredential) => void;
  onError: (error: unknown) => void;
};

export function AppleButton({ clientId, redirectUri, loading, onCredential, onError }: AppleButtonProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    // Loaded ahead of the tap: Safari only allows the popup when it opens straight from the tap.
    loadScript(APPLE_SRC)
      .then(() => {
        if (cancelled || !window.AppleID) return;
        window.AppleID.auth.init({ clientId, scope: 'name email', redirectURI: redirectUri, usePopup: true });
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [clientId, redirectUri]);

  if (state === 'failed') return <UnavailableProviderButton provider="Apple" reason="Apple sign-in could not be loaded. Check your connection." />;

  const handleClick = async () => {
    if (!window.AppleID) return;
    try {
      const answer = await window.AppleID.auth.signIn();
      // Apple sends the name and email only the first time; the server prefers what is inside the token.
      const name = [answer.user?.name?.firstName, answer.user?.name?.lastName].filter(Boolean).join(' ') || undefined;
      onCredential({ authToken: answer.authorization.id_token, name, email: answer.user?.email });
    } catch (error) {
      // Closing the popup is a choice, not a failure.
      if (typeof error === 'object' && error && 'error' in error && error.error === 'popup_closed_by_user') return;
      onError(error);
    }
  };

  return (
    <Button
      size="lg"
      radius="xl"
      fullWidth
      color="dark.9"
      leftSection={<IconBrandApple size={20} aria-hidden />}
      disabled={state !== 'ready'}
      loading={loading}
      onClick={handleClick}
    >
      Continue with Apple
    </Button>
  );
}
