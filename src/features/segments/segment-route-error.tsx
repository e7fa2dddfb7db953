import { Alert, Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../lib/api.ts';

/** A route's error state: the server's words when it sent some, and a way back to the list. */
export function SegmentRouteError({ error }: { error: unknown }) {
  const message = error instanceof ApiError && error.fromServer ? error.message : 'Error fetching segments';
  return (
    <Stack maw={560}>
      <Alert color="red" title="Could not open this">
        {message}
      </Alert>
      <Button component={Link} to="/customers/segments" variant="default" size="lg">
        Back to segments
      </Button>
    </Stack>
  );
}
