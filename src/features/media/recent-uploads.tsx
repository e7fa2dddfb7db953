import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MediaItem } from '../../contract/media.ts';
import { groupByDay } from './media-format.ts';
import { mediaQueries, type MediaFilter } from './media-queries.ts';
import { MediaThumb } from './media-tile.tsx';
import classes from './media.module.css';

const SHOWN = 3;

/** Recent uploads grouped by date: 3 thumbnails, then '+n' (spec §9). A section on phones, a sidebar on wide screens. */
export function RecentUploads({ onOpen, filter = {} }: { onOpen: (item: MediaItem, list: MediaItem[]) => void; filter?: MediaFilter }) {
  const { data } = useQuery(mediaQueries.recent(filter));
  const groups = groupByDay(data?.items ?? []);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="recent-uploads">
      <Title order={2} fz="md" mb="xs">
        Recent uploads
      </Title>
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          No media
        </Text>
      )}
      <Stack gap="sm">
        {groups.map((group) => (
          <Stack gap={4} key={group.key} data-testid="recent-group">
            <Text size="xs" c="dimmed" fw={600}>
              {group.label}
            </Text>
            <Group gap={6} className={classes.recentRow} wrap="nowrap">
              {group.items.slice(0, SHOWN).map((item) => (
                <UnstyledButton key={item.id} onClick={() => onOpen(item, group.items)} aria-label={`View ${item.name}`}>
                  <MediaThumb item={item} size={56} />
                </UnstyledButton>
              ))}
              {group.items.length > SHOWN && (
                <UnstyledButton className={classes.more} onClick={() => onOpen(group.items[SHOWN]!, group.items)} aria-label={`${group.items.length - SHOWN} more from ${group.label}`}>
                  +{group.items.length - SHOWN}
                </UnstyledButton>
              )}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
