import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dollars } from '../../contract/segment-words.ts';
import type { SegmentCustomer } from '../../contract/segments.ts';
import { segmentQueries } from './segments-queries.ts';
import { formatPhone } from '../../lib/format-phone.ts';

const nameOf = (customer: SegmentCustomer) => customer.name || 'No name';
const money = (cents: number | null) => (cents === null ? '—' : dollars(cents));

type SegmentCustomersProps = {
  segmentId: string;
  /** Edit and delete for a row: the customers feature's own actions, handed in by the route. */
  rowActions: (customer: SegmentCustomer, name: string) => ReactNode;
};

/** The customers of one segment, evaluated now: a table on wide screens, cards on phones, Load more by page. */
export function SegmentCustomers({ segmentId, rowActions }: SegmentCustomersProps) {
  const query = useSuspenseInfiniteQuery(segmentQueries.customers(segmentId));
  const wide = useMediaQuery('(min-width: 48em)');
  const customers = query.data.pages.flatMap((page) => page.results.customers);
  const count = query.data.pages[0]?.results.count ?? 0;
  const actions = (customer: SegmentCustomer) => rowActions(customer, nameOf(customer));

  return (
    <Stack gap="sm">
      <Text c="dimmed" data-testid="segment-customer-count">
        {count === 1 ? '1 customer' : `${count.toLocaleString('en-US')} customers`} · showing {customers.length}
      </Text>
      {customers.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No result found
        </Text>
      )}
      {wide ? <CustomerTable customers={customers} actions={actions} /> : <CustomerCards customers={customers} actions={actions} />}
      {query.hasNextPage && (
        <Button variant="light" size="lg" fullWidth loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

type ListProps = { customers: SegmentCustomer[]; actions: (customer: SegmentCustomer) => ReactNode };

function CustomerTable({ customers, actions }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th ta="right">Total Spent</Table.Th>
            <Table.Th ta="right">Total visits</Table.Th>
            <Table.Th ta="right">AOV</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id} data-testid="segment-customer">
              <Table.Td>{nameOf(customer)}</Table.Td>
              <Table.Td>{customer.email ?? '—'}</Table.Td>
              <Table.Td>{customer.phone ? formatPhone(customer.phone) : '—'}</Table.Td>
              <Table.Td ta="right">{money(customer['Total spent'])}</Table.Td>
              <Table.Td ta="right">{customer.total_visits}</Table.Td>
              <Table.Td ta="right">{money(customer['Average order value'])}</Table.Td>
              <Table.Td>{actions(customer)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CustomerCards({ customers, actions }: ListProps) {
  return (
    <Stack gap="xs">
      {customers.map((customer) => (
        <Card key={customer.id} withBorder padding="sm" radius="md" data-testid="segment-customer">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {nameOf(customer)}
              </Text>
              {customer.email && (
                <Text size="sm" c="dimmed" truncate>
                  {customer.email}
                </Text>
              )}
              {customer.phone && (
                <Text size="sm" c="dimmed">
                  {formatPhone(customer.phone)}
                </Text>
              )}
            </Stack>
            {actions(customer)}
          </Group>
          <Group gap="lg" mt="xs">
            <Figure label="Total Spent" value={money(customer['Total spent'])} />
            <Figure label="Total visits" value={String(customer.total_visits)} />
            <Figure label="AOV" value={money(customer['Average order value'])} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
