import { Button, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useCreateFolder } from './media-mutations.ts';

/** Add new → folder branch: name and description are both required (spec §5). */
export function FolderModal({ opened, onClose, parentId }: { opened: boolean; onClose: () => void; parentId: string | null }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateFolder();
  const close = () => {
    setName('');
    setDescription('');
    onClose();
  };
  const submit = () =>
    create.mutate(
      { name: name.trim(), description: description.trim(), parentId },
      {
        onSuccess: () => {
          notifySuccess('Folder created successfully');
          close();
        },
        onError: (error) => notifyError(error, 'Oops! Something went wrong', { prefix: 'Error creating folder:' }),
      },
    );
  return (
    <Modal opened={opened} onClose={close} title="New folder">
      <Stack>
        <TextInput label="Folder name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <Textarea label="Description" required autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Button size="md" disabled={!name.trim() || !description.trim()} loading={create.isPending} onClick={submit}>
          Create folder
        </Button>
      </Stack>
    </Modal>
  );
}
