/**
 * Calendar maths in the restaurant's time zone with the platform's own tz database (Intl), so "today" and
 * "this month" start at the owner's midnight, across daylight-saving changes. A calendar date is carried as
 * a `CivilDate` (no time zone), and turned into an instant only at the edge of a query.
 */

export type CivilDate = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for a name the tz database does not know. */
export function checkTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const offsetMs = (instant: number, timeZone: string) => {
  const w = wallClock(new Date(instant), timeZone);
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
  const w = wallClock(now, timeZone);
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

export function parseIsoDate(text: string): CivilDate {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

export const daysBetween = (from: CivilDate, to: CivilDate) =>
  Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);

export const compareDates = (a: CivilDate, b: CivilDate) => daysBetween(b, a);
