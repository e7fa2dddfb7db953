import { Chip, Group, ScrollArea } from '@mantine/core';

export type ChipOption<T extends string> = { value: T; label: string; description?: string };

type ChipRowProps<T extends string> = {
  /** The chosen option, or null while none is chosen yet. */
  value: T | null;
  options: ReadonlyArray<ChipOption<T>>;
  onChange: (value: T) => void;
  /** On the row of chips, for tests that look for it. */
  testId?: string;
  /** Wrap onto several lines instead of scrolling sideways: for a choice the owner must see whole (the video kinds). */
  wrap?: boolean;
  /** The id of the visible question the chips answer, read out with the group. */
  labelledBy?: string;
};

/**
 * One choice among a few, as a row of chips that scrolls sideways on a phone instead of wrapping: the status filters
 * above campaign lists and the Subscribers tab, the media library's "Uploaded by", template categories, text styles;
 * with `wrap`, the video home's kinds and styles.
 */
export function ChipRow<T extends string>({ value, options, onChange, testId, wrap = false, labelledBy }: ChipRowProps<T>) {
  const chips = (
    <Chip.Group value={value} onChange={(next) => onChange(next as T)}>
      <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'} pb={4} data-testid={testId} role="radiogroup" aria-labelledby={labelledBy}>
        {options.map((option) => (
          <Chip key={option.value} value={option.value} size="md" title={option.description}>
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
  return wrap ? chips : <ScrollArea type="never">{chips}</ScrollArea>;
}
