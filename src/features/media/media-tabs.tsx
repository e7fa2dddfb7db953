import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** All / Images / Videos: the per-type pages (spec §2). */
export function MediaTabs({ active }: { active: 'all' | 'image' | 'video' }) {
  const tab = (to: '/media' | '/media/images' | '/media/videos', label: string, key: typeof active) => (
    <Button renderRoot={(props) => <Link {...props} to={to} />} size="md" radius="xl" variant={active === key ? 'filled' : 'default'}>
      {label}
    </Button>
  );
  return (
    <Group gap="xs">
      {tab('/media', 'All', 'all')}
      {tab('/media/images', 'Images', 'image')}
      {tab('/media/videos', 'Videos', 'video')}
    </Group>
  );
}
