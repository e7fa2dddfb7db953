import '@mantine/dates/styles.css';
import { Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { defaultScheduleHour, SENDING_MESSAGES } from '../contract/sending.ts';
import { instantOf, isoDate, today, wallTime } from '../contract/zoned-time.ts';

/** The moment a campaign goes out, as the owner picks it: a day and a time in the restaurant's time zone. */
export type ScheduleValue = { date: string | null; hour: string; minute: string };
export type ScheduleErrors = Partial<Record<'date' | 'hour' | 'minute', string>>;

const two = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, n) => two(n));
const MINUTES = Array.from({ length: 60 }, (_, n) => two(n));

/** Spec §9: no day chosen yet; the hour is 11 before 11:00, 17 before 17:00, else 11 (restaurant time). */
export function initialSchedule(now: Date, timeZone: string): ScheduleValue {
  return { date: null, hour: two(defaultScheduleHour(wallTime(now, timeZone).hour)), minute: '00' };
}

/** The instant of a complete schedule, in the restaurant's zone. */
export function scheduledInstant(value: ScheduleValue, timeZone: string): Date | null {
  if (!value.date) return null;
  const [year, month, day] = value.date.split('-').map(Number);
  return instantOf({ year: year!, month: month!, day: day!, hour: Number(value.hour), minute: Number(value.minute) }, timeZone);
}

/** Spec §5, in its order and words. */
export function scheduleErrors(value: ScheduleValue, now: Date, timeZone: string): ScheduleErrors {
  if (!value.date) return { date: SENDING_MESSAGES.dateRequired };
  const hour = Number(value.hour);
  const minute = Number(value.minute);
  if (!/^\d{2}$/.test(value.hour) || hour < 0 || hour > 23) return { hour: SENDING_MESSAGES.invalidHour };
  if (!/^\d{2}$/.test(value.minute) || minute < 0 || minute > 59) return { minute: SENDING_MESSAGES.invalidMinute };
  const at = scheduledInstant(value, timeZone);
  if (!at || at.getTime() <= now.getTime()) return { date: SENDING_MESSAGES.pastSchedule };
  return {};
}

/** "Central Time (America/Chicago)" where the platform can name it, else the zone's id. */
function zoneLabel(timeZone: string, now = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${timeZone})` : timeZone;
}

type ScheduleFieldsProps = { value: ScheduleValue; onChange: (next: ScheduleValue) => void; timeZone: string; errors?: ScheduleErrors; now?: Date };

/** A date picker with no day before today, and the hour and minute as two-digit lists (spec §5), in the restaurant's time. */
export function ScheduleFields({ value, onChange, timeZone, errors = {}, now = new Date() }: ScheduleFieldsProps) {
  const first = isoDate(today(now, timeZone));
  return (
    <Stack gap="xs">
      <DatePickerInput
        label="Date"
        size="md"
        placeholder="Pick a day"
        leftSection={<IconCalendar size={18} />}
        minDate={first}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        clearable
        error={errors.date}
        popoverProps={{ withinPortal: true }}
      />
      <Group grow gap="sm" align="flex-start">
        <Select label="Hour" size="md" data={HOURS} value={value.hour} onChange={(hour) => onChange({ ...value, hour: hour ?? value.hour })} allowDeselect={false} leftSection={<IconClock size={18} />} error={errors.hour} comboboxProps={{ withinPortal: true }} />
        <Select label="Minute" size="md" data={MINUTES} value={value.minute} onChange={(minute) => onChange({ ...value, minute: minute ?? value.minute })} allowDeselect={false} error={errors.minute} comboboxProps={{ withinPortal: true }} />
      </Group>
      <Text size="sm" c="dimmed">
        Times are in your restaurant&apos;s time zone: {zoneLabel(timeZone, now)}
      </Text>
    </Stack>
  );
}
