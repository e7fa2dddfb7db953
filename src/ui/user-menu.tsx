import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './app-shell.module.css';

export type ShellUser = { name: string; displayName: string; image: string | null };

type UserMenuProps = { user: ShellUser; onSignOut: () => void };

/** The avatar menu in the header: the account screens and Sign out, all reachable with one tap each. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={230} shadow="md" radius="md">
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${user.name}`}>
          <Text fw={600} truncate="end" size="sm">
            {user.displayName}
          </Text>
          <Avatar src={user.image} alt="" name={user.name} color="initials" size={36} radius="xl" />
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={18} />} py="sm">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/password" leftSection={<IconLock size={18} />} py="sm">
          Change password
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/notifications" leftSection={<IconBell size={18} />} py="sm">
          Notifications
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={18} />} py="sm" onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
