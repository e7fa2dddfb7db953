import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** All / Images / Videos: the per-type pages (spec §2). The owner's filter by uploader goes along from tab to tab. */
export function MediaTabs({ active, filter = {} }: { active: 'all' | 'image' | 'video'; filter?: { uploader?: string; formerUploader?: string } }) {
  const search = { uploader: filter.uploader, formerUploader: filter.formerUploader };
  const tab = (to: '/media' | '/media/images' | '/media/videos', label: string, key: typeof active) => (
    <Button renderRoot={(props) => <Link {...props} to={to} search={search} />} size="md" radius="xl" variant={active === key ? 'filled' : 'default'}>
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
