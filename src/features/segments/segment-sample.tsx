import { Group, Stack, Text } from '@mantine/core';
import { dollars } from '../../contract/segment-words.ts';
import type { SegmentCustomer } from '../../contract/segments.ts';
import { formatPhone } from '../../lib/format-phone.ts';

/** Up to five customers who match, so the owner can sanity-check the segment by name. */
export function SegmentSample({ customers }: { customers: SegmentCustomer[] }) {
  if (customers.length === 0) return null;
  return (
    <Stack gap={6} data-testid="segment-sample">
      {customers.map((customer) => (
        <Group key={customer.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate>
              {customer.name || customer.email || (customer.phone && formatPhone(customer.phone)) || 'No name'}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {customer.total_visits === 1 ? '1 visit' : `${customer.total_visits} visits`}
              {customer.email ? ` · ${customer.email}` : customer.phone ? ` · ${formatPhone(customer.phone)}` : ''}
            </Text>
          </Stack>
          <Text fw={600} style={{ flexShrink: 0 }}>
            {dollars(customer['Total spent'])}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
