import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { NavPath } from '../../ui/nav-items.ts';

export type CampaignChannel = { path: NavPath; label: string; description: string; icon: Icon };

/** The Campaigns area: one big tap target per kind of campaign that exists. */
export function CampaignsHub({ channels }: { channels: readonly CampaignChannel[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="nav" aria-label="Campaigns">
      {channels.map((channel) => (
        <Card key={channel.path} component={Link} to={channel.path} withBorder radius="lg" padding="lg" mih={96} style={{ justifyContent: 'center' }}>
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={52} radius="md" variant="light">
              <channel.icon size={28} aria-hidden />
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} size="lg">
                {channel.label}
              </Text>
              <Text c="dimmed" size="sm">
                {channel.description}
              </Text>
            </Stack>
            <IconChevronRight size={20} color="var(--mantine-color-gray-5)" aria-hidden />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
