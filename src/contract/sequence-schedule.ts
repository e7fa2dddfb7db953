/**
 * A sequence step's schedule as an owner thinks of it, and the cron it is stored as (spec §3: cron_schedule,
 * default '* * * * *'). The picker writes the cron; the screens read it back in words. Times are in the
 * restaurant's time zone. Pure code, shared by the client and the server.
 */
export type SchedulePick =
  /** '* * * * *': checked every minute, so a customer gets the step as soon as they qualify. */
  | { kind: 'asap' }
  | { kind: 'daily'; hour: number; minute: number }
  /** weekday: 0 Sunday … 6 Saturday. */
  | { kind: 'weekly'; weekday: number; hour: number; minute: number }
  | { kind: 'monthly'; day: number; hour: number; minute: number }
  /** N days after the previous step reached the customer (checked every hour). */
  | { kind: 'after'; days: number };

export const DEFAULT_CRON = '* * * * *';
const AFTER_CRON = '0 * * * *';
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function toCron(pick: SchedulePick): { cron_schedule: string; wait_days: number } {
  switch (pick.kind) {
    case 'asap':
      return { cron_schedule: DEFAULT_CRON, wait_days: 0 };
    case 'daily':
      return { cron_schedule: `${pick.minute} ${pick.hour} * * *`, wait_days: 0 };
    case 'weekly':
      return { cron_schedule: `${pick.minute} ${pick.hour} * * ${pick.weekday}`, wait_days: 0 };
    case 'monthly':
      return { cron_schedule: `${pick.minute} ${pick.hour} ${pick.day} * *`, wait_days: 0 };
    case 'after':
      return { cron_schedule: AFTER_CRON, wait_days: pick.days };
  }
}

const num = (part: string, min: number, max: number) => (/^\d{1,2}$/.test(part) && Number(part) >= min && Number(part) <= max ? Number(part) : null);

/** The picker's choice behind a stored schedule, or null when the cron is one the picker does not write. */
export function fromCron(cron: string, waitDays = 0): SchedulePick | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  if (waitDays > 0) return cron.trim() === AFTER_CRON ? { kind: 'after', days: waitDays } : null;
  if (cron.trim() === DEFAULT_CRON) return { kind: 'asap' };
  const [m, h, dom, mon, dow] = parts as [string, string, string, string, string];
  const minute = num(m, 0, 59);
  const hour = num(h, 0, 23);
  if (minute === null || hour === null || mon !== '*') return null;
  if (dom === '*' && dow === '*') return { kind: 'daily', hour, minute };
  const weekday = num(dow, 0, 6);
  if (dom === '*' && weekday !== null) return { kind: 'weekly', weekday, hour, minute };
  const day = num(dom, 1, 31);
  if (day !== null && dow === '*') return { kind: 'monthly', day, hour, minute };
  return null;
}

/** 17:30 → "5:30 PM", 9:00 → "9 AM". */
export function clockWords(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${h} ${suffix}` : `${h}:${String(minute).padStart(2, '0')} ${suffix}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/**
 * The schedule in words ("Every Monday at 10 AM"). `first`: the sequence's first step, where "as soon as they
 * qualify" means as soon as a customer is in the segment.
 */
export function describeSchedule(cron: string, waitDays = 0, first = false): string {
  const pick = fromCron(cron, waitDays);
  if (!pick) return `${waitDays > 0 ? `${waitDays} day${waitDays === 1 ? '' : 's'} after the previous step, on` : 'On'} the custom schedule "${cron.trim()}"`;
  switch (pick.kind) {
    case 'asap':
      return first ? 'As soon as a customer is in the segment' : 'Right after the previous step';
    case 'daily':
      return `Every day at ${clockWords(pick.hour, pick.minute)}`;
    case 'weekly':
      return `Every ${WEEKDAYS[pick.weekday]} at ${clockWords(pick.hour, pick.minute)}`;
    case 'monthly':
      return `Every month on the ${ordinal(pick.day)} at ${clockWords(pick.hour, pick.minute)}`;
    case 'after':
      return `${pick.days} day${pick.days === 1 ? '' : 's'} after the previous step`;
  }
}
