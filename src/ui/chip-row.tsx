import { Chip, Group, ScrollArea } from '@mantine/core';

export type ChipOption<T extends string> = { value: T; label: string };

type ChipRowProps<T extends string> = {
  value: T;
  options: ReadonlyArray<ChipOption<T>>;
  onChange: (value: T) => void;
  /** On the row of chips, for tests that look for it. */
  testId?: string;
};

/**
 * One choice among a few, as a row of chips that scrolls sideways on a phone instead of wrapping: the status filters
 * above campaign lists and the Subscribers tab, the media library's "Uploaded by", template categories, text styles.
 */
export function ChipRow<T extends string>({ value, options, onChange, testId }: ChipRowProps<T>) {
  return (
    <ScrollArea type="never">
      <Chip.Group value={value} onChange={(next) => onChange(next as T)}>
        <Group gap="xs" wrap="nowrap" pb={4} data-testid={testId}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="md">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
}
