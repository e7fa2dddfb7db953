import { Box, Divider, NavLink, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { activeNavPath, type NavItem } from './nav-items.ts';

type SideNavProps = { primary: readonly NavItem[]; more: readonly NavItem[] };

/** Wide screens: every screen in one column, main ones first. */
export function SideNav({ primary, more }: SideNavProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeNavPath(pathname, [...primary, ...more]);
  const entry = (item: NavItem) => (
    <NavLink
      key={item.path}
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={<item.icon size={20} aria-hidden />}
      active={item.path === active}
      activeOptions={{ exact: true }}
      aria-current={item.path === active ? 'page' : undefined}
      py="sm"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
  return (
    // The browser's own scrolling (Mantine's ScrollArea would add ~7 KB gzip to every signed-in first load).
    <Box component="nav" aria-label="Main" p="sm" style={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
      <Stack gap={2}>{primary.map(entry)}</Stack>
      {more.length > 0 && <Divider my="sm" />}
      <Stack gap={2}>{more.map(entry)}</Stack>
    </Box>
  );
}
