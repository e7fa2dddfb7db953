import { AspectRatio, Badge, Box, Button, Image, Loader, Modal, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { mediaQueries } from '../media/media-queries.ts';

/** The owner's photos and clips, newest first, searchable and paged ("Show more"), for one scene; a tap picks. */
export function SceneMediaPicker({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (item: MediaItem) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const pages = useInfiniteQuery({ ...mediaQueries.search(debounced), enabled: opened, placeholderData: (previous) => previous });
  const items = pages.data?.pages.flatMap((page) => page.items).filter((item) => (item.type === 'image' || item.type === 'video') && item.path) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a photo or clip" size="lg" radius="lg">
      <TextInput mb="sm" leftSection={<IconSearch size={16} />} placeholder="Search by name or description" aria-label="Search media" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      {pages.isPending ? (
        <Loader mx="auto" aria-label="Loading media" />
      ) : items.length === 0 ? (
        <Text c="dimmed">{debounced ? 'No result found' : 'No media'}</Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={3} spacing="xs">
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                aria-label={`${item.name}${item.description ? `: ${item.description}` : ''}`}
                onClick={() => {
                  onPick(item);
                  onClose();
                }}
              >
                <Stack gap={2}>
                  <AspectRatio ratio={1}>
                    {item.thumbnailUrl ? <Image src={item.thumbnailUrl} alt="" radius="md" fit="cover" /> : <Box bg="gray.2" style={{ borderRadius: 8 }} />}
                  </AspectRatio>
                  <Text size="xs" lineClamp={1}>
                    {item.type === 'video' && (
                      <Badge size="xs" mr={4} variant="light">
                        Clip
                      </Badge>
                    )}
                    {item.name}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {pages.hasNextPage && (
            <Button variant="light" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Show more ({items.length} of {total})
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The media the scenes show, by id: the 60 most recent, plus any older item a scene uses (fetched one by one). */
export const useMediaIndex = (ids: (string | null)[] = []) => {
  const recent = useQuery(mediaQueries.recent());
  const known = new Map((recent.data?.items ?? []).map((item) => [item.id, item]));
  const missing = recent.data ? [...new Set(ids.filter((id): id is string => Boolean(id) && !known.has(id!)))] : [];
  const older = useQueries({ queries: missing.map((id) => ({ ...mediaQueries.item(id), retry: false })) });
  for (const query of older) if (query.data) known.set(query.data.id, query.data);
  return known;
};
