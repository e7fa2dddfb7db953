import { Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import classes from './app-shell.module.css';

export type ShellUser = { name: string; displayName: string; image: string | null };

/** The avatar button in the header. */
export const UserButton = forwardRef<HTMLButtonElement, { user: ShellUser } & ComponentPropsWithoutRef<'button'>>(function UserButton(
  { user, className, ...props },
  ref,
) {
  // The menu's target adds its own class: kept beside ours, not instead of it.
  return (
    <UnstyledButton
      ref={ref}
      aria-label={`Account menu for ${user.name}`}
      aria-haspopup="menu"
      {...props}
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
    >
      <Text fw={600} truncate="end" size="sm">
        {user.displayName}
      </Text>
      {/* Photo or initials in plain CSS (Mantine's Avatar was ~1.5 KB gzip of the signed-in first load). */}
      {user.image ? <img src={user.image} alt="" className={classes.avatar} /> : <span className={classes.avatar} aria-hidden>{initials(user.name)}</span>}
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
});

/** The first letters of the first two words of a name ("Maria Lopez" → "ML"), as Mantine's Avatar showed them. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
