import { Button, Checkbox, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { mediaQueries } from './media-queries.ts';
import { UploadModal } from './upload-modal.tsx';

/** A photo chosen from the library: what another screen needs to place it (campaigns pick photos here). */
export type PickedPhoto = { id: string; description: string; thumbnailUrl: string | null };

const toPicked = (item: MediaItem): PickedPhoto => ({ id: item.id, description: item.description, thumbnailUrl: item.thumbnailUrl });

type MediaPickerProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (photos: PickedPhoto[]) => void;
  /** How many may be chosen; 1 picks on tap. */
  max?: number;
  title?: string;
};

/**
 * The owner's photos, newest first, to choose from; "Add photos" opens the upload sheet (camera roll or
 * camera) and the new photos appear here once they are in the library.
 */
export function MediaPicker({ opened, onClose, onPick, max = 1, title = 'Choose a photo' }: MediaPickerProps) {
  const query = useInfiniteQuery({ ...mediaQueries.list({ type: 'image' }, { sort: 'updatedAt', order: 'desc' }), enabled: opened });
  const [chosen, setChosen] = useState<PickedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const photos = query.data?.pages.flatMap((page) => page.items).filter((item) => item.type === 'image' && item.thumbnailUrl) ?? [];

  const close = () => {
    setChosen([]);
    onClose();
  };
  const handleTap = (item: MediaItem) => {
    if (max === 1) {
      onPick([toPicked(item)]);
      close();
      return;
    }
    setChosen((current) => (current.some((photo) => photo.id === item.id) ? current.filter((photo) => photo.id !== item.id) : current.length < max ? [...current, toPicked(item)] : current));
  };

  return (
    <>
      <Modal opened={opened && !uploading} onClose={close} title={title} size="lg" fullScreen={false} radius="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {max === 1 ? 'Tap a photo to use it.' : `Choose up to ${max}.`}
            </Text>
            <Button variant="light" leftSection={<IconUpload size={18} />} onClick={() => setUploading(true)}>
              Add photos
            </Button>
          </Group>
          {query.isPending ? (
            <Loader mx="auto" aria-label="Loading photos" />
          ) : photos.length === 0 ? (
            <Stack align="center" gap="xs" py="lg">
              <IconPhotoPlus size={40} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text c="dimmed" ta="center">
                No media
              </Text>
              <Text size="sm" c="dimmed" ta="center">
                Add photos of your dishes and your place, then choose them here.
              </Text>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6} data-testid="media-picker-grid">
              {photos.map((item) => {
                const selected = chosen.some((photo) => photo.id === item.id);
                return (
                  <UnstyledButton
                    key={item.id}
                    onClick={() => handleTap(item)}
                    aria-label={item.description || item.name}
                    aria-pressed={max === 1 ? undefined : selected}
                    style={{ position: 'relative', borderRadius: 8, overflow: 'hidden', outline: selected ? '3px solid var(--mantine-primary-color-filled)' : undefined }}
                  >
                    <Image src={item.thumbnailUrl} alt="" h={104} fit="cover" />
                    {max > 1 && <Checkbox checked={selected} readOnly tabIndex={-1} aria-hidden style={{ position: 'absolute', top: 6, right: 6 }} />}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          )}
          {query.hasNextPage && (
            <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              More photos
            </Button>
          )}
          {max > 1 && (
            <Group grow>
              <Button variant="default" size="md" onClick={close}>
                Cancel
              </Button>
              <Button
                size="md"
                disabled={chosen.length === 0}
                onClick={() => {
                  onPick(chosen);
                  close();
                }}
              >
                {chosen.length ? `Use ${chosen.length} ${chosen.length === 1 ? 'photo' : 'photos'}` : 'Use photos'}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
      <UploadModal opened={uploading} onClose={() => setUploading(false)} parentId={null} />
    </>
  );
}

/** A button that opens the picker; for editors that take a photo picker as a slot. */
export function MediaPickerButton({ onPick, label = 'Choose photo' }: { onPick: (photo: PickedPhoto) => void; label?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="md" leftSection={<IconPhotoPlus size={18} />} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <MediaPicker opened={opened} onClose={() => setOpened(false)} onPick={(photos) => photos[0] && onPick(photos[0])} />
    </>
  );
}
