import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Customer } from '../../contract/customers.ts';
import { ago, customerName, money } from './customer-format.ts';
import { DemoBadge } from './demo-badge.tsx';
import { formatPhone } from '../../lib/format-phone.ts';

/** One customer as a full-width tap target: name and contact on the left, spend and visits on the right. */
export function CustomerRow({ customer }: { customer: Customer }) {
  return (
    <Link to="/customers/$customerId" params={{ customerId: customer.id }} data-testid="customer-row" style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
      <Paper withBorder radius="md" px="md" py="sm" mih={64}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} truncate>
                {customerName(customer)}
              </Text>
              {customer.source === 'demo' && <DemoBadge size="xs" />}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {customer.email_address ?? (customer.phone_number ? formatPhone(customer.phone_number) : 'No contact details')}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Stack gap={2} align="flex-end">
              <Text fw={600} size="sm">
                {money(customer.total_spent_cents)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {customer.total_visits} {customer.total_visits === 1 ? 'visit' : 'visits'} · {ago(customer.last_visit_at)}
              </Text>
            </Stack>
            <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
          </Group>
        </Group>
      </Paper>
    </Link>
  );
}
