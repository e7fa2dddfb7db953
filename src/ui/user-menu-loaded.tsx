import { Menu } from '@mantine/core';
import { IconBell, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { UserButton, type ShellUser } from './user-button.tsx';

type Props = { user: ShellUser; onSignOut: () => void; defaultOpened: boolean };

/** The avatar menu's dropdown, loaded on first use (see user-menu.tsx). */
export default function LoadedUserMenu({ user, onSignOut, defaultOpened }: Props) {
  return (
    <Menu position="bottom-end" width={230} shadow="md" radius="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserButton user={user} />
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
