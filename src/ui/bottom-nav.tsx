import { UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { activeNavPath, type NavItem } from './nav-items.ts';
import { useIntent } from './on-intent.ts';
import classes from './app-shell.module.css';

// The sheet (Drawer, focus trap, scroll lock) is fetched when the owner reaches for More.
const MoreSheet = lazy(() => import('./more-sheet.tsx'));

type BottomNavProps = { items: readonly NavItem[]; moreItems: readonly NavItem[]; onSignOut: () => void };

/** The phone's bottom bar: the main screens under the thumb, the rest in a More sheet that slides up. */
export function BottomNav({ items, moreItems, onSignOut }: BottomNavProps) {
  const [moreOpen, more] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeNavPath(pathname, [...items, ...moreItems]);
  const moreActive = moreItems.some((item) => item.path === active);
  const intent = useIntent();

  return (
    <>
      <nav aria-label="Main" className={classes.bottomBar}>
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
        <UnstyledButton className={classes.navItem} {...intent.intentProps}
          onClick={() => {
            intent.want();
            more.open();
          }}
          data-active={moreActive || undefined} aria-haspopup="dialog">
          <IconDots size={24} stroke={1.8} aria-hidden />
          <span>More</span>
        </UnstyledButton>
      </nav>
      {intent.wanted && (
        <Suspense fallback={null}>
          <MoreSheet opened={moreOpen} onClose={more.close} items={moreItems} active={active} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}
