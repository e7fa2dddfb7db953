import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../lib/api-error.ts';

// The router's error and not-found screens (src/router.tsx loads them when first shown).

type RouteErrorProps = ErrorComponentProps & {
  /** Shown when the error carries no words from the server (the spec's fallback for the screen). */
  fallback?: string;
  /** Where "back" goes; Home when absent. */
  back?: { to: string; label: string };
};

/** A route that could not load: the server's words (or the offline sentence), Try again, and a way back. */
export function RouteError({ error, reset, fallback = 'This could not be loaded. Try again in a moment.', back }: RouteErrorProps) {
  const router = useRouter();
  const offline = error instanceof ApiError && error.code === 'network';
  const message = error instanceof ApiError && (error.fromServer || offline) ? error.message : fallback;
  return (
    <Stack maw={560} gap="md" data-testid="route-error">
      <Alert color={offline ? 'gray' : 'red'} title={offline ? 'You are offline' : 'Could not open this'} icon={offline ? <IconCloudOff aria-hidden /> : undefined}>
        {message}
      </Alert>
      <Group grow>
        <Button
          size="lg"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Button component={Link} to={back?.to ?? '/'} variant="default" size="lg">
          {back?.label ?? 'Home'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * An address the app does not have (an old link, a screen not built yet, a typo): said plainly inside the app's
 * shell, with the way home. Every route's default, and the `_app/$` catch-all's screen.
 */
export function RouteNotFound() {
  return (
    <Stack maw={560} gap="md" data-testid="not-found">
      <Title order={1} fz={26}>
        This page isn't here
      </Title>
      <Text c="dimmed">The link may be old or mistyped. Everything Mise does is one tap away from your home screen.</Text>
      <Button component={Link} to="/" size="lg" fullWidth>
        Back to home
      </Button>
    </Stack>
  );
}
