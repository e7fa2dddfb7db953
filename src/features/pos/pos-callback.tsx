import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { PosProviderId } from '../../contract/pos.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useFinishPosConnection } from './pos-queries.ts';

/** The callback's query as the provider sent it, as strings (the router may have parsed numbers). */

/**
 * Finishes the connection with the address the provider sent the browser back to (spec §2), shows the server's
 * message, then returns to /settings/pos where the import's progress shows.
 */
export function PosCallback({ provider, search }: { provider: PosProviderId; search: Record<string, string | undefined> }) {
  const query = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const redirectUrl = `${window.location.origin}/${provider}_callback?${query}`;
  const finish = useFinishPosConnection(provider);
  const navigate = useNavigate();
  // The state is single-use: never send it twice (StrictMode runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish.mutate(redirectUrl, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => {
        if (provider === 'square') notifyError(error, 'Error connecting square');
        else if (error instanceof ApiError && error.fromServer) notifyError(null, `Error connecting Clover: ${error.message}`);
        else notifyError(error, 'Error connecting Clover');
      },
      onSettled: () => void navigate({ to: '/settings/pos', replace: true }),
    });
  }, [finish, navigate, provider, redirectUrl]);

  return (
    <Center mih={240}>
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Finishing the {provider === 'square' ? 'Square' : 'Clover'} connection…</Text>
      </Stack>
    </Center>
  );
}
