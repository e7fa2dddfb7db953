import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SegmentSummary } from '../../contract/segments.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useRenameSegment } from './segments-mutations.ts';

export function RenameSegmentModal({ segment, onClose }: { segment: SegmentSummary | null; onClose: () => void }) {
  return (
    <Modal opened={segment !== null} onClose={onClose} title="Edit title" centered>
      {segment && <RenameForm key={segment.id} segment={segment} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ segment, onClose }: { segment: SegmentSummary; onClose: () => void }) {
  const [title, setTitle] = useState(segment.segmentation_title);
  const rename = useRenameSegment();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(
          { id: segment.id, title: title.trim() },
          {
            onSuccess: () => {
              notifySuccess('Updated successfully');
              onClose();
            },
            onError: (error) => notifyError(error, 'Something went wrong'),
          },
        );
      }}
    >
      <Stack>
        <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={120} data-autofocus required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!title.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
