import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={26} lh={1.2}>
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
    </Stack>
  );
}

/** Signed-in forms read best in a narrow column, even on a wide screen. */
export function PageColumn({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} maw={560}>
      {children}
    </Stack>
  );
}
