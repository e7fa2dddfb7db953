import { Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { NavItem } from '../../ui/nav-items.ts';
import { paintedFromSnapshot } from '../../lib/painted-from-snapshot.ts';
import { greetingFor } from './greeting.ts';
import grids from '../../ui/grids.module.css';

/**
 * The date line of the saved home index.html painted (the same day: src/lib/home-snapshot.ts), read before React's
 * first commit replaces it: building the date's format was ~60 ms of a 4× slowed first render.
 */
const savedDate = paintedFromSnapshot ? document.querySelector('[data-prerender] [data-date-line]')?.textContent : undefined;

/** `children`: figures worth a glance (composed by the route from other features), above the shortcuts. */
type HomeScreenProps = { displayName: string; shortcuts: readonly NavItem[]; children?: ReactNode };

/** The signed-in home: who you are, what day it is, the customer figures, and a big tap target for every screen. */
export function HomeScreen({ displayName, shortcuts, children }: HomeScreenProps) {
  const [now] = useState(() => new Date());
  // The shortcuts (fifteen cards, mostly below the first screen) and the date line are drawn in a second, interruptible
  // pass, so the first render of the home is one short task instead of a long one (Total Blocking Time): the shortcuts
  // come last on the screen and the date line keeps its height, so nothing moves when they arrive. (The date's format
  // is costly to build the first time: ~15 ms of the first render even on this machine.)
  // Painted from the saved home (src/lib/home-snapshot.ts), the first render draws everything the HTML already shows.
  const full = useDeferredValue(true, paintedFromSnapshot);
  const today = useMemo(() => (full ? (savedDate ?? now.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })) : '\u00a0'), [full, now]);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Text c="dimmed" fw={600} size="sm" tt="uppercase" className={grids.dateLine} data-date-line>
          {today}
        </Text>
        <Title order={1} fz={30} lh={1.15}>
          {greetingFor(now, displayName)}
        </Title>
      </Stack>
      {children}
      <nav className={grids.shortcuts} aria-label="Shortcuts">
        {full && shortcuts.map((item) => (
          <Link key={item.path} to={item.path} className={`${grids.card} ${grids.shortcut} mantine-focus-auto`}>
            <Group wrap="nowrap" gap="md">
              <span className={grids.shortcutIcon}>
                <item.icon size={26} aria-hidden />
              </span>
              <Stack gap={2} className={grids.grow}>
                <Text fw={700} size="lg">
                  {item.label}
                </Text>
                <Text c="dimmed" size="sm">
                  {item.description}
                </Text>
              </Stack>
              <IconChevronRight size={20} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          </Link>
        ))}
      </nav>
    </Stack>
  );
}
