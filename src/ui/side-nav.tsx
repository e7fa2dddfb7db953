import { Box, Divider, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { activeNavPath, type NavItem } from './nav-items.ts';
import classes from './app-shell.module.css';

type SideNavProps = { primary: readonly NavItem[]; more: readonly NavItem[] };

/** Wide screens: every screen in one column, main ones first. */
export function SideNav({ primary, more }: SideNavProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeNavPath(pathname, [...primary, ...more]);
  // Plain links styled like Mantine's NavLink (which brings Collapse and its hooks, ~2 KB gzip of the first load).
  const entry = (item: NavItem) => (
    <Link
      key={item.path}
      to={item.path}
      className={classes.sideLink}
      activeOptions={{ exact: true }}
      data-active={item.path === active || undefined}
      aria-current={item.path === active ? 'page' : undefined}
    >
      <item.icon size={20} aria-hidden />
      <span>{item.label}</span>
    </Link>
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
