import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconDots, IconFolderSymlink, IconPencil, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { staffSession } from '../../lib/session.ts';
import { useDeleteMedia, useUpdateMedia } from './media-mutations.ts';
import { MoveModal } from './move-modal.tsx';

function EditModal({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description);
  const update = useUpdateMedia();
  const save = () =>
    update.mutate(
      { id: item.id, patch: { description: description.trim(), ...(name.trim() !== item.name ? { name: name.trim() } : {}) } },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.name} edited successfully`);
          onClose();
        },
        onError: () => notifications.show({ color: 'red', title: 'Error', message: 'Failed to edit media', autoClose: 6000 }),
      },
    );
  return (
    <Modal opened onClose={onClose} title={item.isFolder ? 'Edit folder' : 'Edit media'}>
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea label="Description" required={item.isFolder} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} data-autofocus />
        <Button size="md" onClick={save} loading={update.isPending} disabled={!name.trim() || (item.isFolder && !description.trim())}>
          Save
        </Button>
      </Stack>
    </Modal>
  );
}

function DeleteModal({ item, onClose, onDeleted }: { item: MediaItem; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteMedia();
  const inside = item.isFolder ? (item.childCount ?? 0) : 0;
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        notifySuccess('media deleted successfully');
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyError(error),
    });
  return (
    <Modal opened onClose={onClose} title={item.isFolder ? 'Delete folder?' : 'Delete media?'}>
      <Stack>
        <Text>
          {inside > 0
            ? `“${item.name}” holds ${inside === 1 ? '1 item' : `${inside} items`}. Deleting the folder deletes everything in it.`
            : `“${item.name}” will be deleted.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" size="md" onClick={confirm} loading={remove.isPending}>
            {inside > 0 ? 'Delete folder and contents' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Pending = { kind: 'edit' | 'delete' | 'move'; item: MediaItem; onDeleted?: () => void } | null;

/** Edit and Delete for any item: a ⋯ menu per item plus the two dialogs, rendered once. */
export function useMediaActions() {
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  // A team member (issue 19) edits the description of their own uploads only; moving and deleting are the owner's.
  const staff = staffSession();
  const menuFor = (item: MediaItem) =>
    staff ? (
      item.uploadedBy?.id === staff.userId ? (
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Edit ${item.name}`} onClick={() => setPending({ kind: 'edit', item })}>
          <IconPencil size={18} />
        </ActionIcon>
      ) : null
    ) : (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${item.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setPending({ kind: 'edit', item })}>
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<IconFolderSymlink size={16} />} onClick={() => setPending({ kind: 'move', item })}>
          Move to folder
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setPending({ kind: 'delete', item })}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
    );
  const dialogs =
    pending?.kind === 'edit' ? (
      <EditModal key={pending.item.id} item={pending.item} onClose={close} />
    ) : pending?.kind === 'move' ? (
      <MoveModal item={pending.item} onClose={close} />
    ) : pending?.kind === 'delete' ? (
      <DeleteModal item={pending.item} onClose={close} onDeleted={pending.onDeleted} />
    ) : null;
  return {
    menuFor,
    dialogs,
    edit: (item: MediaItem) => setPending({ kind: 'edit', item }),
    remove: (item: MediaItem, onDeleted?: () => void) => setPending({ kind: 'delete', item, onDeleted }),
  };
}
