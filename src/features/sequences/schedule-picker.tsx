import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { clockWords, describeSchedule, fromCron, ordinal, toCron, WEEKDAYS, type SchedulePick } from '../../contract/sequence-schedule.ts';

export type ScheduleValue = { cron_schedule: string; wait_days: number };

const KINDS: Array<{ value: SchedulePick['kind']; label: string; laterOnly?: boolean }> = [
  { value: 'asap', label: 'As soon as they qualify' },
  { value: 'after', label: 'Some days after the previous step', laterOnly: true },
  { value: 'daily', label: 'Every day at…' },
  { value: 'weekly', label: 'Every week on…' },
  { value: 'monthly', label: 'Every month on the…' },
];
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: clockWords(hour, 0) }));
const MINUTES = ['0', '15', '30', '45'].map((minute) => ({ value: minute, label: `:${minute.padStart(2, '0')}` }));

function defaultsFor(kind: SchedulePick['kind'], current: SchedulePick | null): SchedulePick {
  const hour = current && 'hour' in current ? current.hour : 10;
  const minute = current && 'minute' in current ? current.minute : 0;
  switch (kind) {
    case 'asap':
      return { kind };
    case 'after':
      return { kind, days: current?.kind === 'after' ? current.days : 2 };
    case 'daily':
      return { kind, hour, minute };
    case 'weekly':
      return { kind, weekday: current?.kind === 'weekly' ? current.weekday : 1, hour, minute };
    case 'monthly':
      return { kind, day: current?.kind === 'monthly' ? current.day : 1, hour, minute };
  }
}

/**
 * Plain choices that write the cron (no owner should have to read cron): as soon as they qualify, N days after
 * the previous step, every day / week / month at a time. Shows the schedule in words, in the restaurant's zone.
 */
export function SchedulePicker({ value, onChange, first, timeZone, error }: { value: ScheduleValue; onChange: (next: ScheduleValue) => void; first: boolean; timeZone: string; error?: string }) {
  const pick = fromCron(value.cron_schedule, value.wait_days);
  const set = (next: SchedulePick) => onChange(toCron(next));
  const kinds = KINDS.filter((kind) => !first || !kind.laterOnly);
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  return (
    <Stack gap="xs">
      <Select
        label="When"
        size="md"
        data={pick ? kinds : [...kinds, { value: 'custom', label: 'Custom schedule' }]}
        value={pick?.kind ?? 'custom'}
        allowDeselect={false}
        error={error}
        onChange={(kind) => kind && kind !== 'custom' && set(defaultsFor(kind as SchedulePick['kind'], pick))}
        comboboxProps={{ withinPortal: true }}
      />
      {pick?.kind === 'after' && (
        <NumberInput label="Days after the previous step" size="md" min={1} max={365} value={pick.days} onChange={(days) => set({ kind: 'after', days: Math.max(1, Math.min(365, Number(days) || 1)) })} />
      )}
      {pick?.kind === 'weekly' && (
        <Select label="Day" size="md" data={WEEKDAYS.map((day, index) => ({ value: String(index), label: day }))} value={String(pick.weekday)} allowDeselect={false} onChange={(day) => day && set({ ...pick, weekday: Number(day) })} />
      )}
      {pick?.kind === 'monthly' && (
        <Select
          label="Day of the month"
          size="md"
          data={Array.from({ length: 28 }, (_, index) => ({ value: String(index + 1), label: ordinal(index + 1) }))}
          value={String(pick.day)}
          allowDeselect={false}
          onChange={(day) => day && set({ ...pick, day: Number(day) })}
        />
      )}
      {pick && 'hour' in pick && (
        <Group grow gap="xs">
          <Select label="Hour" size="md" data={HOURS} value={String(pick.hour)} allowDeselect={false} onChange={(hour) => hour && set({ ...pick, hour: Number(hour) })} />
          <Select label="Minute" size="md" data={MINUTES.some((m) => m.value === String(pick.minute)) ? MINUTES : [...MINUTES, { value: String(pick.minute), label: `:${String(pick.minute).padStart(2, '0')}` }]} value={String(pick.minute)} allowDeselect={false} onChange={(minute) => minute && set({ ...pick, minute: Number(minute) })} />
        </Group>
      )}
      <Text size="sm" c="dimmed" data-testid="schedule-words">
        {describeSchedule(value.cron_schedule, value.wait_days, first)}
        {pick?.kind === 'asap' || pick?.kind === 'after' ? '' : ` (${city} time)`}
      </Text>
    </Stack>
  );
}
