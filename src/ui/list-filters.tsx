import { Chip, Group, ScrollArea, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type ListFiltersProps<T extends string> = {
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  search: string;
  onSearch: (search: string) => void;
  /** The spec's 'Search by name' unless a list says otherwise. */
  placeholder?: string;
};

/** The status chips (one row that scrolls sideways on a phone) and the search box above a campaign list. */
export function ListFilters<T extends string>({ value, options, onChange, search, onSearch, placeholder = 'Search by name' }: ListFiltersProps<T>) {
  return (
    <Stack gap="md">
      <ScrollArea type="never">
        <Chip.Group value={value} onChange={(next) => onChange(next as T)}>
          <Group gap="xs" wrap="nowrap" pb={4}>
            {options.map((item) => (
              <Chip key={item.value} value={item.value} size="md">
                {item.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>
      <TextInput size="md" leftSection={<IconSearch size={18} />} placeholder={placeholder} aria-label={placeholder} value={search} onChange={(event) => onSearch(event.currentTarget.value)} />
    </Stack>
  );
}
