import { ActionIcon, Group, Loader, Modal } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { CustomerForm } from './customer-form.tsx';
import { useDeleteCustomer } from './customers-mutations.ts';
import { customerQueries } from './customers-queries.ts';

/**
 * Edit and Delete for one customer, wherever a list of customers is shown (a segment's table reaches it
 * through its `rowActions` slot): the customers feature's own form, query and mutations do the work.
 */
export function CustomerRowActions({ id, name }: { id: string; name: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCustomer();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" size={44} aria-label={`Edit ${name}`} onClick={() => setEditing(true)}>
        <IconPencil size={20} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size={44} aria-label={`Delete ${name}`} onClick={() => setDeleting(true)}>
        <IconTrash size={20} />
      </ActionIcon>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit customer" centered>
        {editing && <EditCustomer id={id} onClose={() => setEditing(false)} />}
      </Modal>
      <ConfirmModal
        opened={deleting}
        title="Delete customer?"
        message={`${name} will be removed from your customers and every segment.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: (result) => {
              notifySuccess(result.message);
              setDeleting(false);
            },
            onError: (error) => notifyError(error, 'Something went wrong'),
          })
        }
      />
    </Group>
  );
}

function EditCustomer({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, error } = useQuery(customerQueries.detail(id));
  useEffect(() => {
    if (!error) return;
    notifyError(error, 'Something went wrong');
    onClose();
  }, [error, onClose]);
  if (!data) return <Loader m="md" aria-label="Loading customer" />;
  return <CustomerForm customer={data} onDone={onClose} />;
}
