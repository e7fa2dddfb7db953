import { AppShell, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav.tsx';
import { BrandLogo } from './brand-mark.tsx';
import { navSections, type NavItem } from './nav-items.ts';
import { useOnScreenKeyboard } from './on-screen-keyboard.ts';
import { SideNav } from './side-nav.tsx';
import { UserMenu, type ShellUser } from './user-menu.tsx';
import classes from './app-shell.module.css';

type AppShellLayoutProps = {
  user: ShellUser;
  onSignOut: () => void;
  /** Small things in the header next to the avatar (the sync badge). */
  headerExtras?: ReactNode;
  /** Full-width notices above every screen (offline banner, update prompt). */
  banner?: ReactNode;
  /** The entries to show (a team member sees fewer); every screen by default. */
  items?: readonly NavItem[];
  children: ReactNode;
};

const HEADER = 'calc(3.5rem + env(safe-area-inset-top))';
const BOTTOM_BAR = 'calc(3.75rem + env(safe-area-inset-bottom))';

/** The signed-in frame: header, sidebar from the `sm` breakpoint, bottom bar below it. */
export function AppShellLayout({ user, onSignOut, headerExtras, banner, items, children }: AppShellLayoutProps) {
  const sections = navSections(items);
  // While the owner types on a phone, the bottom bar steps aside (the keyboard leaves little room).
  const typing = useOnScreenKeyboard();
  return (
    <AppShell
      header={{ height: HEADER }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: { base: BOTTOM_BAR, sm: 0 }, collapsed: typing }}
      padding="md"
    >
      <AppShell.Header className={classes.header}>
        <div className={classes.headerInner}>
          <Link to="/" className={classes.brand} aria-label="Mise home">
            <BrandLogo size={30} />
          </Link>
          <Group gap="xs" ml="auto" wrap="nowrap">
            {headerExtras}
            <UserMenu user={user} onSignOut={onSignOut} />
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Navbar visibleFrom="sm">
        <SideNav primary={sections.primary} more={sections.more} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {banner}
        {children}
      </AppShell.Main>
      <AppShell.Footer className={classes.footer} hiddenFrom="sm">
        <BottomNav items={sections.bottomBar} moreItems={sections.moreSheet} onSignOut={onSignOut} />
      </AppShell.Footer>
    </AppShell>
  );
}
