import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { TiktokCallbackSearch } from '../../contract/socials.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useTiktokConnect } from './socials-mutations.ts';

/** Finishes the link with what TikTok sent back, says how it went, then returns to the socials screen. */
export function TiktokCallback({ search }: { search: TiktokCallbackSearch }) {
  const connect = useTiktokConnect();
  const navigate = useNavigate();
  // The state is single-use: never send it twice (StrictMode runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const done = () => void navigate({ to: '/settings/socials', replace: true });
    if (search.error || !search.code || !search.state) {
      notifyError(null, search.error_description || 'Error connecting Tiktok');
      done();
      return;
    }
    connect.mutate(
      { code: search.code, scopes: search.scopes ?? '', state: search.state },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(error, 'Error connecting Tiktok'),
        onSettled: done,
      },
    );
  }, [connect, navigate, search]);

  return (
    <Center mih={240}>
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Finishing the TikTok link…</Text>
      </Stack>
    </Center>
  );
}
