import { Drawer, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconLogout } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { activeNavPath, type NavItem } from './nav-items.ts';
import classes from './app-shell.module.css';

type BottomNavProps = { items: readonly NavItem[]; moreItems: readonly NavItem[]; onSignOut: () => void };

/** The phone's bottom bar: the main screens under the thumb, the rest in a More sheet that slides up. */
export function BottomNav({ items, moreItems, onSignOut }: BottomNavProps) {
  const [moreOpen, more] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeNavPath(pathname, [...items, ...moreItems]);
  const moreActive = moreItems.some((item) => item.path === active);

  return (
    <>
      <nav aria-label="Main" style={{ display: 'flex', flex: 1 }}>
        {items.map((item) => (
          // Marked by `active` alone: the router's own prefix match would also mark Customers on /customers/segments.
          <Link
            key={item.path}
            to={item.path}
            className={classes.navItem}
            activeOptions={{ exact: true }}
            data-active={item.path === active || undefined}
            aria-current={item.path === active ? 'page' : undefined}
          >
            <item.icon size={24} stroke={1.8} aria-hidden />
            <span>{item.label}</span>
          </Link>
        ))}
        <UnstyledButton className={classes.navItem} onClick={more.open} data-active={moreActive || undefined} aria-haspopup="dialog">
          <IconDots size={24} stroke={1.8} aria-hidden />
          <span>More</span>
        </UnstyledButton>
      </nav>
      <Drawer
        opened={moreOpen}
        onClose={more.close}
        position="bottom"
        title="More"
        radius="lg"
        padding="md"
        // A sheet as tall as its entries, never the whole screen.
        styles={{ content: { height: 'auto', maxHeight: '85dvh', flex: '0 0 auto', width: '100%' }, title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap={4} pb="calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))">
          {moreItems.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={item.label}
              description={item.description}
              leftSection={<item.icon size={22} aria-hidden />}
              onClick={more.close}
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
              more.close();
              onSignOut();
            }}
            py="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </Stack>
      </Drawer>
    </>
  );
}
