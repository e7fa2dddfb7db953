import { staffSession } from '../../lib/session.ts';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { formatDate, formatDuration, formatMegabytes } from './media-format.ts';
import classes from './media.module.css';

type Props = {
  items: MediaItem[];
  index: number | null;
  onIndex: (index: number | null) => void;
  onEdit: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
};

/** Full-screen viewer: swipe (or arrows) between items; videos play with seeking (Range requests). */
export function MediaViewer({ items, index, onIndex, onEdit, onDelete }: Props) {
  const staff = staffSession();
  const item = index === null ? undefined : items[index];
  const touchX = useRef<number | null>(null);
  const go = (step: number) => index !== null && items[index + step] && onIndex(index + step);

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal opened={Boolean(item)} onClose={() => onIndex(null)} fullScreen title={item?.name} padding="sm" transitionProps={{ duration: 0 }}>
      {item && (
        <Stack gap="sm">
          <div
            className={classes.viewer}
            data-testid="media-viewer"
            onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
            onTouchEnd={(e) => {
              const start = touchX.current;
              const end = e.changedTouches[0]?.clientX;
              touchX.current = null;
              if (start === null || end === undefined || Math.abs(end - start) < 50) return;
              go(end < start ? 1 : -1);
            }}
          >
            {item.type === 'video' ? (
              <video key={item.id} src={item.path ?? undefined} poster={item.previewUrl ?? undefined} controls playsInline preload="metadata" />
            ) : (
              <img key={item.id} src={item.previewUrl ?? item.path ?? undefined} alt={item.description || item.name} />
            )}
            {index !== null && index > 0 && (
              <ActionIcon className={classes.navLeft} size={44} radius="xl" variant="white" aria-label="Previous" onClick={() => go(-1)}>
                <IconChevronLeft />
              </ActionIcon>
            )}
            {index !== null && index < items.length - 1 && (
              <ActionIcon className={classes.navRight} size={44} radius="xl" variant="white" aria-label="Next" onClick={() => go(1)}>
                <IconChevronRight />
              </ActionIcon>
            )}
          </div>
          <Text size="sm">{item.description || 'No description'}</Text>
          {item.uploadedBy && (
            <Text size="xs" c="dimmed" data-testid="media-uploader">
              Uploaded by {item.uploadedBy.name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[formatMegabytes(item.size), item.type === 'video' ? formatDuration(item.duration) : null, formatDate(item.createdAt)].filter(Boolean).join(' · ')}
          </Text>
          <Group grow>
            {/* A team member edits their own uploads' descriptions and deletes nothing (issue 19). */}
            {(!staff || item.uploadedBy?.id === staff.userId) && (
              <Button variant="light" size="md" leftSection={<IconPencil size={16} />} onClick={() => onEdit(item)}>
                Edit description
              </Button>
            )}
            {!staff && (
              <Button variant="light" color="red" size="md" leftSection={<IconTrash size={16} />} onClick={() => onDelete(item)}>
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
