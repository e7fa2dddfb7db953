import { Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { loadScript } from './load-script.ts';
import { UnavailableProviderButton } from './unavailable-provider-button.tsx';

// Google Identity Services: the page gets an ID token (`credential`) that the server verifies against Google's keys.
const GSI_SRC = 'https://accounts.google.com/gsi/client';

type GoogleIdentity = {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

type GoogleButtonProps = { clientId: string; onIdToken: (idToken: string) => void };

/** Google's own button (its terms require it), sized to our column. Loaded only when the server has a client id. */
export function GoogleButton({ clientId, onIdToken }: GoogleButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onIdToken);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    latest.current = onIdToken;
  }, [onIdToken]);

  useEffect(() => {
    let cancelled = false;
    loadScript(GSI_SRC)
      .then(() => {
        const parent = container.current;
        if (cancelled || !parent || !window.google) return;
        window.google.accounts.id.initialize({ client_id: clientId, ux_mode: 'popup', callback: ({ credential }) => latest.current(credential) });
        window.google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: Math.min(400, Math.max(200, parent.offsetWidth)),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (failed) return <UnavailableProviderButton provider="Google" reason="Google sign-in could not be loaded. Check your connection." />;
  return <Box ref={container} mih={44} display="flex" style={{ justifyContent: 'center', alignItems: 'center' }} />;
}
