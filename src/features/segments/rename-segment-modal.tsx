import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import * as v from 'valibot';
import { UpdateSegmentRequestSchema, type SegmentSummary } from '../../contract/segments.ts';
import { useContractForm } from '../../ui/contract-form.ts';
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
  const form = useContractForm<{ segmentation_title: string }>({ initialValues: { segmentation_title: segment.segmentation_title }, schema: UpdateSegmentRequestSchema });
  const rename = useRenameSegment();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        rename.mutate(
          { id: segment.id, title: v.parse(UpdateSegmentRequestSchema, values).segmentation_title },
          {
            onSuccess: () => {
              notifySuccess('Updated successfully');
              onClose();
            },
            onError: (error) => {
              form.setServerErrors(error);
              notifyError(error, 'Something went wrong');
            },
          },
        );
      })}
    >
      <Stack>
        <TextInput label="Title" {...form.getInputProps('segmentation_title')} maxLength={120} data-autofocus required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!form.getValues().segmentation_title.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
