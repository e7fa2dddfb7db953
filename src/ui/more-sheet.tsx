import { Drawer, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { NavItem } from './nav-items.ts';

type Props = { opened: boolean; onClose: () => void; items: readonly NavItem[]; active: string | null; onSignOut: () => void };

/** The phone's More sheet: the screens that are not in the bottom bar, and Sign out (loaded on first use, see bottom-nav.tsx). */
export default function MoreSheet({ opened, onClose, items, active, onSignOut }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      title="More"
      radius="lg"
      padding="md"
      // A sheet as tall as its entries, never the whole screen.
      styles={{ content: { height: 'auto', maxHeight: '85dvh', flex: '0 0 auto', width: '100%' }, title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap={4} pb="calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))">
        {items.map((item) => (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={item.label}
            description={item.description}
            leftSection={<item.icon size={22} aria-hidden />}
            onClick={onClose}
            active={item.path === active}
            py="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
        <NavLink
          component="button"
          label="Sign out"
          color="red"
          c="red.7"
          leftSection={<IconLogout size={22} aria-hidden />}
          onClick={() => {
            onClose();
            onSignOut();
          }}
          py="sm"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </Stack>
    </Drawer>
  );
}
