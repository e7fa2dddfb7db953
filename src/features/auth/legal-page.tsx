import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The terms and privacy pages: plain words, readable on a phone, with a way back. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        Last updated {updated}
      </Text>
      {children}
      <Anchor component={Link} to="/signup" fw={700} py={10}>
        Back to sign up
      </Anchor>
    </Stack>
  );
}

export function LegalSection({ heading, items, children }: { heading: string; items?: string[]; children?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} fz="lg">
        {heading}
      </Title>
      {children && <Text>{children}</Text>}
      {items && (
        <List spacing={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
