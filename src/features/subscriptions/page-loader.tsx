import { Center, Loader } from '@mantine/core';

/** Spec §4: a page loader until the plans are loaded. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center mih="50vh">
      <Loader size="lg" aria-label={label} />
    </Center>
  );
}
