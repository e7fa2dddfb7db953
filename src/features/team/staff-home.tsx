import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconPhoto, IconUpload, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { displayNameOf, useSession } from '../../lib/session.ts';
import { teamQueries } from './team-queries.ts';

export type MediaParts = {
  /** The media feature's square picture of an item. */
  Thumb: ComponentType<{ item: MediaItem }>;
  /** The media feature's upload dialog (camera roll, camera, resumable and offline uploads). */
  UploadDialog?: ComponentType<{ opened: boolean; onClose: () => void; parentId: string | null }>;
};

/** A team member's home (issue 19): upload, what they uploaded lately, their profile. Nothing of the owner's. */
export function StaffHome({ Thumb: MediaThumb, UploadDialog: UploadModal }: MediaParts) {
  const session = useSession();
  const [uploading, setUploading] = useState(false);
  const recent = useQuery({ ...teamQueries.uploadsBy(session?.userId ?? ''), enabled: Boolean(session) });
  const items = recent.data?.items.slice(0, 9) ?? [];
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Text c="dimmed" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {session?.restaurantName ?? 'Your team'}
        </Text>
        <Title order={1} fz={30} lh={1.15}>
          Hi {displayNameOf(session?.name ?? '')}
        </Title>
        <Text c="dimmed">Add photos and videos of the dishes. They go straight into the restaurant’s media library.</Text>
      </Stack>
      <Button size="xl" radius="lg" leftSection={<IconUpload size={24} />} onClick={() => setUploading(true)}>
        Upload photos or videos
      </Button>
      <Card withBorder radius="lg" padding="md" data-testid="staff-recent">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            Your recent uploads
          </Title>
          <Button component={Link} to="/media" variant="subtle" size="compact-sm" rightSection={<IconChevronRight size={14} />}>
            Library
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {recent.isPending ? 'Loading…' : 'Nothing yet. Your uploads will show here.'}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing={6}>
            {items.map((item) => (
              <Stack key={item.id} gap={2}>
                <MediaThumb item={item} />
                <Text size="xs" lineClamp={2}>
                  {item.description}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Shortcut to="/media" label="Media library" description="Everything the restaurant has" icon={<IconPhoto size={26} />} />
        <Shortcut to="/profile" label="Your profile" description="Name, photo, email and phone" icon={<IconUser size={26} />} />
      </SimpleGrid>
      {UploadModal && <UploadModal opened={uploading} onClose={() => setUploading(false)} parentId={null} />}
    </Stack>
  );
}

function Shortcut({ to, label, description, icon }: { to: '/media' | '/profile'; label: string; description: string; icon: React.ReactNode }) {
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="lg">
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={700}>{label}</Text>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
