import { Center, Loader } from '@mantine/core';

/** What the router shows while a route's loader waits (after a short delay, so fast screens never flash it). */
export function RoutePending() {
  return (
    <Center mih="40vh">
      <Loader size="lg" aria-label="Loading" />
    </Center>
  );
}
