import type { Period } from '../../../src/contract/segments.ts';

/** Calendar maths for segment conditions, in UTC (owners have no time zone on record yet). */

const DAY_MS = 86_400_000;

export type TimeRange = { start: Date; end: Date | null };

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export function periodRange(period: Period, now: Date): TimeRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (period.kind) {
    case 'last_days':
      return { start: daysAgo(now, period.days), end: null };
    case 'this_week': {
      // Weeks start on Monday.
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return { start: new Date(Date.UTC(y, m, now.getUTCDate() - sinceMonday)), end: null };
    }
    case 'this_month':
      return { start: new Date(Date.UTC(y, m, 1)), end: null };
    case 'this_year':
      return { start: new Date(Date.UTC(y, 0, 1)), end: null };
    case 'last_month':
      return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
    case 'last_year':
      return { start: new Date(Date.UTC(y - 1, 0, 1)), end: new Date(Date.UTC(y, 0, 1)) };
  }
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export type DayRange = { month: number; from: number; to: number };

/**
 * The birthdays (month, day) that fall in the `days` days starting today, as per-month day ranges.
 * Crosses the new year naturally; in a non-leap year a 29 February birthday is celebrated on the 28th.
 */
export function upcomingBirthdayRanges(now: Date, days: number): DayRange[] {
  const byMonth = new Map<number, Set<number>>();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let offset = 0; offset < days; offset++) {
    const date = new Date(today + offset * DAY_MS);
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    const set = byMonth.get(month) ?? new Set<number>();
    set.add(day);
    if (month === 2 && day === 28 && !isLeapYear(date.getUTCFullYear())) set.add(29);
    byMonth.set(month, set);
  }
  const ranges: DayRange[] = [];
  for (const [month, set] of byMonth) {
    const sorted = [...set].sort((a, b) => a - b);
    let from = sorted[0]!;
    let previous = from;
    for (const day of sorted.slice(1)) {
      if (day !== previous + 1) {
        ranges.push({ month, from, to: previous });
        from = day;
      }
      previous = day;
    }
    ranges.push({ month, from, to: previous });
  }
  return ranges;
}
