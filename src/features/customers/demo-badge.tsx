import { Badge } from '@mantine/core';

/** Made-up customers from `npm run demo` are always marked as such (whole: a long name beside it gives way, not the badge). */
export function DemoBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color="grape" variant="light" size={size} tt="none" style={{ flexShrink: 0 }}>
      Demo data
    </Badge>
  );
}
