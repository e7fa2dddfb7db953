// Wall-clock arithmetic in IANA time zones with Intl alone (no Date offset guessing, right across DST).
// Formatters are cached per zone: building one costs far more than using it, and a 50,000-text send asks
// about the same few dozen zones over and over.

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
