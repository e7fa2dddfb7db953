// Wall-clock and calendar arithmetic in IANA time zones with Intl alone (no offset guessing, right across
// DST), shared by the server (quiet hours, reports, schedules) and the app (the schedule picker). Formatters are
// cached per zone: building one costs far more than using it.

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws a RangeError for a name Intl does not know, like `new Intl.DateTimeFormat` does. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Minutes east of UTC in `timeZone` at `instant` (New York in winter: -300). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the clocks of `timeZone` show this wall time. In a spring-forward gap the wall time does not
 * exist and the instant returned shows a later time (callers check what they need); in a fall-back overlap
 * it is the first of the two.
 */
export function instantOf(wall: Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'>, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two rounds settle the offset at the answer itself, not at the first guess.
  let instant = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  instant = asUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  const earlier = asUtc - offsetMinutes(new Date(instant - 3_600_000), timeZone) * 60_000;
  // In an overlap both readings are right; the earlier one is the first time the wall shows it.
  return new Date(earlier < instant && sameWall(new Date(earlier), wall, timeZone) ? earlier : instant);
}

function sameWall(instant: Date, wall: Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'>, timeZone: string) {
  const actual = wallTime(instant, timeZone);
  return actual.year === wall.year && actual.month === wall.month && actual.day === wall.day && actual.hour === wall.hour && actual.minute === wall.minute;
}

/** The calendar day after this one (months and years roll over). */
export function nextDay(wall: Pick<WallTime, 'year' | 'month' | 'day'>): { year: number; month: number; day: number } {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A calendar date with no time zone; turned into an instant only at the edge of a query. */
export type CivilDate = { year: number; month: number; day: number };

const offsetMs = (instant: number, timeZone: string) => {
  const w = wallTime(new Date(instant), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
};

/** The instant a calendar date begins in `timeZone` (normalises overflow: day 0, month 13...). */
export function startOfDate(date: CivilDate, timeZone: string): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day);
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = naive - offsetMs(naive, timeZone);
  return new Date(naive - offsetMs(first, timeZone));
}

export const today = (now: Date, timeZone: string): CivilDate => {
  const w = wallTime(now, timeZone);
  return { year: w.year, month: w.month, day: w.day };
};

/** The date `days` after `date` (negative: before), normalised. */
export function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addMonths(date: CivilDate, months: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: date.day };
}

/** 0 = Monday ... 6 = Sunday. */
export const weekdayIndex = (date: CivilDate) => (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;

export const isoDate = (date: CivilDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

export const daysBetween = (from: CivilDate, to: CivilDate) =>
  Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);

export const compareDates = (a: CivilDate, b: CivilDate) => daysBetween(b, a);
