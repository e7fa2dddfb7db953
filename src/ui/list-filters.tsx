import { Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ChipRow, type ChipOption } from './chip-row.tsx';

type ListFiltersProps<T extends string> = {
  value: T;
  options: ReadonlyArray<ChipOption<T>>;
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
      <ChipRow value={value} options={options} onChange={onChange} />
      <TextInput size="md" leftSection={<IconSearch size={18} />} placeholder={placeholder} aria-label={placeholder} value={search} onChange={(event) => onSearch(event.currentTarget.value)} />
    </Stack>
  );
}
