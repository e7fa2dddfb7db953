import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaFolderList, MediaItem } from '../../contract/media.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { notifications } from '@mantine/notifications';
import { useUpdateMedia } from './media-mutations.ts';
import { mediaQueries } from './media-queries.ts';

const TOP = '__top__';

/** "Brunch / Eggs" for each folder; a folder cannot go inside itself or its own subfolders. */
function folderChoices(list: MediaFolderList['folders'], moving: MediaItem) {
  const byId = new Map(list.map((f) => [f.id, f]));
  const pathOf = (id: string): string[] => {
    const trail: string[] = [];
    for (let at = byId.get(id), guard = 0; at && guard < 50; at = at.parentId ? byId.get(at.parentId) : undefined, guard += 1) trail.unshift(at.name);
    return trail;
  };
  const inside = (id: string) => {
    for (let at = byId.get(id), guard = 0; at && guard < 50; at = at.parentId ? byId.get(at.parentId) : undefined, guard += 1) if (at.id === moving.id) return true;
    return false;
  };
  return list.filter((f) => !(moving.isFolder && inside(f.id))).map((f) => ({ value: f.id, label: pathOf(f.id).join(' / ') }));
}

export function MoveModal({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const folders = useQuery(mediaQueries.folders());
  const [target, setTarget] = useState<string | null>(item.parentId ?? TOP);
  const update = useUpdateMedia();
  const data = [{ value: TOP, label: 'Media (top level)' }, ...folderChoices(folders.data?.folders ?? [], item)];
  const move = () =>
    update.mutate(
      { id: item.id, patch: { parentId: target === TOP ? null : target } },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.name} edited successfully`);
          onClose();
        },
        onError: () => notifications.show({ color: 'red', title: 'Error', message: 'Failed to edit media', autoClose: 6000 }),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Move ${item.name}`}>
      <Stack>
        <Select label="Folder" data={data} value={target} onChange={setTarget} allowDeselect={false} searchable disabled={folders.isPending} />
        {folders.isError && <Text c="red">{folders.error.message}</Text>}
        <Button size="md" onClick={move} loading={update.isPending} disabled={target === (item.parentId ?? TOP)}>
          Move
        </Button>
      </Stack>
    </Modal>
  );
}
