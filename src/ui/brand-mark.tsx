import { Group, Text } from '@mantine/core';

/** The Mise mark (the same drawing as public/favicon.svg), inline so it needs no request. */
function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#e8590c" />
      <path d="M14 46V20l9 14 9-14 9 14 9-14v26" fill="none" stroke="#fff" strokeWidth="5.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark size={size} />
      <Text component="span" fw={800} fz={size * 0.65} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        Mise
      </Text>
    </Group>
  );
}
