import { AspectRatio, Badge, Box, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MediaItem } from '../../contract/media.ts';
import { mediaQueries } from '../media/media-queries.ts';

/** The owner's photos and clips, newest first, for one scene; a tap picks. */
export function SceneMediaPicker({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (item: MediaItem) => void }) {
  const recent = useQuery({ ...mediaQueries.recent(), enabled: opened });
  const items = recent.data?.items.filter((item) => (item.type === 'image' || item.type === 'video') && item.path) ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a photo or clip" size="lg" radius="lg">
      {recent.isPending ? (
        <Loader mx="auto" aria-label="Loading media" />
      ) : items.length === 0 ? (
        <Text c="dimmed">No media</Text>
      ) : (
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
      )}
    </Modal>
  );
}

export const useMediaIndex = () => {
  const recent = useQuery(mediaQueries.recent());
  return new Map((recent.data?.items ?? []).map((item) => [item.id, item]));
};
