import { Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, type ReactNode } from 'react';
import { paintedFromSnapshot } from '../lib/painted-from-snapshot.ts';
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

/**
 * The signed-in frame: header, sidebar from the `sm` breakpoint, bottom bar below it. Plain CSS (app-shell.module.css),
 * not Mantine's AppShell: that one, with the scroll-lock library its header and footer import, was ~9 KB gzip of the
 * signed-in first load. The frame sets the same `--app-shell-header-offset` / `--app-shell-footer-offset` variables
 * that sticky bars use to stay clear of the header and the bottom bar.
 */
export function AppShellLayout({ user, onSignOut, headerExtras, banner, items, children }: AppShellLayoutProps) {
  const sections = navSections(items);
  // While the owner types on a phone, the bottom bar steps aside (the keyboard leaves little room).
  const typing = useOnScreenKeyboard();
  // The sidebar (every screen's entry; hidden by CSS on a phone) is drawn in a second, interruptible pass: the first
  // render of a signed-in screen stays one short task (Total Blocking Time). It is fixed: arriving later moves nothing.
  // Painted from the saved home, the first render draws what the HTML already shows.
  const showSideNav = useDeferredValue(true, paintedFromSnapshot);
  return (
    <div className={classes.frame} data-typing={typing || undefined}>
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Link to="/" className={classes.brand} aria-label="Mise home">
            <BrandLogo size={30} />
          </Link>
          <Group gap="xs" ml="auto" wrap="nowrap">
            {headerExtras}
            <UserMenu user={user} onSignOut={onSignOut} />
          </Group>
        </div>
      </header>
      <div className={classes.navbar} data-shell="navbar">
        {showSideNav && <SideNav primary={sections.primary} more={sections.more} />}
      </div>
      <main className={classes.main}>
        {banner}
        {children}
      </main>
      <footer className={classes.footer} data-shell="footer">
        <BottomNav items={sections.bottomBar} moreItems={sections.moreSheet} onSignOut={onSignOut} />
      </footer>
    </div>
  );
}
