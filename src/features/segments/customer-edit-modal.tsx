import { Button, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CustomerDetail } from '../../contract/customers.ts';
import type { SegmentCustomer } from '../../contract/segments.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useUpdateSegmentCustomer } from './segments-mutations.ts';
import { segmentQueries } from './segments-queries.ts';

/** Edit a customer's name and contact from a segment table (the customers API does the work). */
export function CustomerEditModal({ customer, onClose }: { customer: SegmentCustomer | null; onClose: () => void }) {
  return (
    <Modal opened={customer !== null} onClose={onClose} title="Edit customer" centered>
      {customer && <EditLoader key={customer.id} customerId={customer.id} onClose={onClose} />}
    </Modal>
  );
}

function EditLoader({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { data, error } = useQuery(segmentQueries.customer(customerId));
  useEffect(() => {
    if (!error) return;
    notifyError(error, 'Something went wrong');
    onClose();
  }, [error, onClose]);
  if (!data) return <Loader m="md" aria-label="Loading customer" />;
  return <EditForm customer={data.customer} onClose={onClose} />;
}

function EditForm({ customer, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const [fields, setFields] = useState({
    given_name: customer.given_name ?? '',
    family_name: customer.family_name ?? '',
    email_address: customer.email_address ?? '',
    phone_number: customer.phone_number ?? '',
  });
  const update = useUpdateSegmentCustomer();
  const field = (name: keyof typeof fields, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={fields[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((all) => ({ ...all, [name]: value }));
      }}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: customer.id, body: fields },
          {
            onSuccess: (result) => {
              notifySuccess(result.message ?? 'Customer updated');
              onClose();
            },
            onError: (error) => notifyError(error, 'Something went wrong'),
          },
        );
      }}
    >
      <Stack>
        {field('given_name', 'First name')}
        {field('family_name', 'Last name')}
        {field('email_address', 'Email', 'email')}
        {field('phone_number', 'Phone', 'tel')}
        <Group grow>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
