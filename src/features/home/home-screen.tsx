import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { NavItem } from '../../ui/nav-items.ts';
import { greetingFor } from './greeting.ts';
import grids from '../../ui/grids.module.css';

/** `children`: figures worth a glance (composed by the route from other features), above the shortcuts. */
type HomeScreenProps = { displayName: string; shortcuts: readonly NavItem[]; children?: ReactNode };

/** The signed-in home: who you are, what day it is, the customer figures, and a big tap target for every screen. */
export function HomeScreen({ displayName, shortcuts, children }: HomeScreenProps) {
  const [now] = useState(() => new Date());
  const today = now.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Text c="dimmed" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {today}
        </Text>
        <Title order={1} fz={30} lh={1.15}>
          {greetingFor(now, displayName)}
        </Title>
      </Stack>
      {children}
      <nav className={grids.shortcuts} aria-label="Shortcuts">
        {shortcuts.map((item) => (
          <Card key={item.path} component={Link} to={item.path} withBorder radius="lg" padding="lg" mih={88} style={{ justifyContent: 'center' }}>
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={48} radius="md" variant="light">
                <item.icon size={26} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700} size="lg">
                  {item.label}
                </Text>
                <Text c="dimmed" size="sm">
                  {item.description}
                </Text>
              </Stack>
              <IconChevronRight size={20} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          </Card>
        ))}
      </nav>
    </Stack>
  );
}
