import { Group, Paper, Stack, Text } from '@mantine/core';
import type { CustomerDetail } from '../../contract/customers.ts';
import { dateTime, money } from './customer-format.ts';

export function OrderHistory({ customer }: { customer: CustomerDetail }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Order history</Text>
        <Text size="sm" c="dimmed">
          {customer.orders_total > customer.orders.length ? `Latest ${customer.orders.length} of ${customer.orders_total}` : `${customer.orders_total} orders`}
        </Text>
      </Group>
      {customer.orders.length === 0 ? (
        <Text c="dimmed" size="sm">
          No orders yet. Orders arrive from Square or Clover.
        </Text>
      ) : (
        <Stack gap={0} data-testid="order-history">
          {customer.orders.map((order) => (
            <Group key={order.id} justify="space-between" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Text size="sm">{dateTime(order.occurred_at)}</Text>
              <Text size="sm" fw={500}>
                {money(order.total_cents)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
