import { Group, Input, Select, Text, TextInput, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';
import { countryOptions, formatAsYouType, type CountryOption } from './phone.ts';

type PhoneFieldProps = {
  country: CountryCode;
  number: string;
  onCountryChange: (country: CountryCode) => void;
  onNumberChange: (number: string) => void;
  error?: string;
};

/** Country-code picker (searchable by name, code or +digits) next to the number, formatted as it is typed. */
export function PhoneField({ country, number, onCountryChange, onNumberChange, error }: PhoneFieldProps) {
  const id = useId();
  const options = useMemo(() => countryOptions(), []);
  const byCode = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);

  const filter: OptionsFilter = ({ options: items, search }) => {
    const query = search.trim().toLowerCase();
    if (!query) return items;
    return (items as ComboboxItem[]).filter((item) => {
      const option = byCode.get(item.value as CountryCode);
      return option ? matches(option, query) : false;
    });
  };

  const handleNumber = (value: string) => {
    // Formatting on delete would put back the bracket the owner just removed.
    onNumberChange(value.length < number.length ? value : formatAsYouType(country, value));
  };

  return (
    <Input.Wrapper label="Phone number" id={`${id}-number`} size="lg">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          aria-label="Country code"
          data={options.map(({ value, label }) => ({ value, label }))}
          value={country}
          onChange={(value) => value && onCountryChange(value as CountryCode)}
          searchable
          allowDeselect={false}
          filter={filter}
          maxDropdownHeight={320}
          size="lg"
          w={{ base: 120, xs: 132 }}
          comboboxProps={{ width: 300, position: 'bottom-start' }}
          nothingFoundMessage="No country found"
          renderOption={({ option }) => {
            const entry = byCode.get(option.value as CountryCode);
            return entry ? (
              <Group gap="sm" wrap="nowrap" py={4}>
                <Text span fz="xl" lh={1}>
                  {entry.flag}
                </Text>
                <Text span style={{ flex: 1 }} truncate>
                  {entry.name}
                </Text>
                <Text span c="dimmed">
                  {entry.callingCode}
                </Text>
              </Group>
            ) : (
              option.label
            );
          }}
          error={Boolean(error)}
        />
        <TextInput
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="Number"
          size="lg"
          value={number}
          onChange={(event) => handleNumber(event.currentTarget.value)}
          // The number box carries the message (phone or code problem), tied to it for screen readers.
          error={error}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
    </Input.Wrapper>
  );
}

const matches = (option: CountryOption, query: string) =>
  option.name.toLowerCase().includes(query) ||
  option.value.toLowerCase() === query ||
  option.callingCode.includes(query.startsWith('+') ? query : `+${query}`);
