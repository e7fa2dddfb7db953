import { Badge } from '@mantine/core';

/** Made-up customers from `npm run demo` are always marked as such. */
export function DemoBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color="grape" variant="light" size={size} tt="none">
      Demo data
    </Badge>
  );
}
