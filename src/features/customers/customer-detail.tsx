import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CustomerDetail as Detail } from '../../contract/customers.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ConsentCard } from './consent-card.tsx';
import { birthdayText, customerName, money, shortDate, SOURCE_LABELS } from './customer-format.ts';
import { CustomerForm } from './customer-form.tsx';
import { useDeleteCustomer } from './customers-mutations.ts';
import { DemoBadge } from './demo-badge.tsx';
import { OrderHistory } from './order-history.tsx';
import { formatPhone } from '../../lib/format-phone.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Paper>
  );
}

export function CustomerDetail({ customer }: { customer: Detail }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCustomer();
  const navigate = useNavigate();

  const handleDelete = () =>
    remove.mutate(customer.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        void navigate({ to: '/customers', replace: true });
      },
      onError: (error) => notifyError(error, 'Something went wrong'),
    });

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={1} fz={26} data-testid="customer-name">
          {customerName(customer)}
        </Title>
        <Group gap={6}>
          {customer.source === 'demo' ? <DemoBadge /> : <Badge variant="light" color="gray" tt="none">{SOURCE_LABELS[customer.source]}</Badge>}
          <Text size="sm" c="dimmed">
            Customer since {shortDate(customer.created_at)}
          </Text>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Total spent" value={money(customer.total_spent_cents)} />
        <Figure label="Visits" value={String(customer.total_visits)} />
        <Figure label="Average order" value={money(customer.average_order_cents)} />
        <Figure label="Last visit" value={shortDate(customer.last_visit_at)} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text size="sm">
            <b>Email:</b> {customer.email_address ?? '—'}
          </Text>
          <Text size="sm">
            <b>Phone:</b> {customer.phone_number ? formatPhone(customer.phone_number) : '—'}
          </Text>
          <Text size="sm">
            <b>Birthday:</b> {birthdayText(customer.birthday) ?? '—'}
          </Text>
          <Text size="sm">
            <b>First visit:</b> {shortDate(customer.first_visit_at)}
          </Text>
          {customer.notes && (
            <Text size="sm">
              <b>Notes:</b> {customer.notes}
            </Text>
          )}
        </Stack>
      </Paper>
      <ConsentCard customer={customer} />
      <OrderHistory customer={customer} />
      <Group grow>
        <Button variant="default" size="md" leftSection={<IconPencil size={18} />} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button variant="light" color="red" size="md" leftSection={<IconTrash size={18} />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit customer" fullScreen={false} centered>
        <CustomerForm customer={customer} onDone={() => setEditing(false)} />
      </Modal>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title="Delete customer?" centered>
        <Stack>
          <Text>{customerName(customer)} will be removed from your customers and every segment. Their past orders still count in your totals.</Text>
          <Group grow>
            <Button variant="default" size="md" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button color="red" size="md" loading={remove.isPending} onClick={handleDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
