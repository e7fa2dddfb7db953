import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useIntersection } from '@mantine/hooks';
import { IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { CustomerSort } from '../../contract/customers.ts';
import type { CustomerFilters } from './customers-api.ts';
import { customerQueries } from './customers-queries.ts';
import { CustomerRow } from './customer-row.tsx';

const SORT_OPTIONS: Array<{ value: CustomerSort; label: string }> = [
  { value: 'name', label: 'Name' },
  { value: 'last_visit', label: 'Last visit' },
  { value: 'total_spent', label: 'Total spent' },
  { value: 'visits', label: 'Visits' },
  { value: 'created', label: 'Newest' },
];

type Props = { filters: CustomerFilters; onFilters: (next: Partial<CustomerFilters>) => void };

/** Search, sort and an endless list: the next page loads as the last rows scroll into view (Load more as well). */
export function CustomerList({ filters, onFilters }: Props) {
  const list = useInfiniteQuery(customerQueries.list(filters));
  const [search, setSearch] = useState(filters.search);
  const pushSearch = useDebouncedCallback((value: string) => onFilters({ search: value }), 300);
  const { ref: sentinel, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const customers = list.data?.pages.flatMap((page) => page.results.customers) ?? [];
  const total = list.data?.pages[0]?.results.total ?? 0;
  const hasDemo = customers.some((customer) => customer.source === 'demo');

  return (
    <Stack gap="sm">
      {/* Two halves of a 360 px screen: less side padding than size md's, so "Add customer" is never cut. */}
      <Group grow gap="sm">
        <Button component={Link} to="/customers/new" leftSection={<IconPlus size={18} />} size="md" px="xs">
          Add customer
        </Button>
        <Button component={Link} to="/customers/import" variant="light" leftSection={<IconFileImport size={18} />} size="md" px="xs">
          Import CSV
        </Button>
      </Group>
      <TextInput
        size="md"
        leftSection={<IconSearch size={18} />}
        placeholder="Search name, email or phone"
        aria-label="Search customers"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed" size="sm" data-testid="customer-count">
          {list.isPending ? 'Loading…' : `${total.toLocaleString('en-US')} ${total === 1 ? 'customer' : 'customers'}`}
        </Text>
        <Select
          size="sm"
          w={150}
          aria-label="Sort by"
          data={SORT_OPTIONS}
          value={filters.sort}
          allowDeselect={false}
          onChange={(value) => value && onFilters({ sort: value as CustomerSort })}
        />
      </Group>
      {hasDemo && (
        <Alert color="grape" variant="light" title="Demo data">
          These customers are made up (created by npm run demo) so every screen has something to show.
        </Alert>
      )}
      {list.isError && customers.length === 0 && <Alert color="red">Your customers could not be loaded. Check your connection and try again.</Alert>}
      {!list.isPending && customers.length === 0 && !list.isError && <EmptyState searching={Boolean(filters.search.trim())} />}
      {customers.map((customer) => (
        <CustomerRow key={customer.id} customer={customer} />
      ))}
      <div ref={sentinel} />
      {isFetchingNextPage && <Loader mx="auto" size="sm" />}
      {hasNextPage && !isFetchingNextPage && (
        <Button variant="default" size="md" onClick={() => void fetchNextPage()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  if (searching) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No result found
      </Text>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={600}>No customers yet</Text>
      <Text c="dimmed" ta="center" size="sm">
        Add them one by one, import a CSV export from Square, Clover, Toast or Mailchimp, or connect your point of sale.
      </Text>
      <Button component={Link} to="/settings/pos" variant="subtle" size="md">
        Connect Square or Clover
      </Button>
    </Stack>
  );
}
