import { Avatar, Text, UnstyledButton } from '@mantine/core';
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
      <Avatar src={user.image} alt="" name={user.name} color="initials" size={36} radius="xl" />
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
});

