import type { Grouping } from '../../../../src/contract/ask-questions.ts';
import { dayMonth, monthName, shortDate, type Span } from '../analytics-periods.ts';
import { addDays, addMonths, compareDates, isoDate, startOfDate, weekdayIndex, type CivilDate } from '../../../../src/contract/zoned-time.ts';

/**
 * The buckets a chart shows, including the empty ones (a day with no sales is a 0, not a missing bar), keyed
 * the way analytics-orders returns them. Weeks (from Monday) and months start on a whole bucket, so the first
 * bar is never a partial week or month.
 */

export type Bucket = { key: string; label: string; /** the day it stands for, for takeaways */ date?: CivilDate; weekday?: number; hour?: number };

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'am' : 'pm'}`;
}
export const hourRange = (hour: number) => `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;

/** The span widened to whole weeks or months for those groupings. */
export function snapSpan(span: Span, by: Grouping, timeZone: string): Span {
  if (by !== 'week' && by !== 'month') return span;
  const from = by === 'week' ? addDays(span.from, -weekdayIndex(span.from)) : { ...span.from, day: 1 };
  return { ...span, from, start: startOfDate(from, timeZone) };
}

/** Buckets over the span; `weekday` (0 = Monday) keeps only that day's buckets for day grouping. */
export function bucketsFor(span: Span, by: Grouping, weekday: number | undefined, hoursWithData: number[]): Bucket[] {
  const buckets: Bucket[] = [];
  switch (by) {
    case 'day': {
      const days: CivilDate[] = [];
      for (let d = span.from; compareDates(d, span.until) < 0; d = addDays(d, 1)) if (weekday === undefined || weekdayIndex(d) === weekday) days.push(d);
      const label = days.length <= 14 ? shortDate : dayMonth;
      for (const d of days) buckets.push({ key: isoDate(d), label: label(d), date: d });
      return buckets;
    }
    case 'week':
      for (let d = span.from; compareDates(d, span.until) < 0; d = addDays(d, 7)) buckets.push({ key: isoDate(d), label: dayMonth(d), date: d });
      return buckets;
    case 'month': {
      const years = new Set<number>();
      for (let d = span.from; compareDates(d, span.until) < 0; d = addMonths(d, 1)) years.add(d.year);
      for (let d = span.from; compareDates(d, span.until) < 0; d = addMonths(d, 1)) {
        buckets.push({ key: isoDate(d), label: years.size > 1 ? `${monthName(d.month).slice(0, 3)} ${d.year}` : monthName(d.month).slice(0, 3), date: d });
      }
      return buckets;
    }
    case 'weekday':
      return WEEKDAY_NAMES.map((name, i) => ({ key: String(i + 1), label: name.slice(0, 3), weekday: i }));
    case 'hour': {
      if (hoursWithData.length === 0) return [];
      const first = Math.min(...hoursWithData);
      const last = Math.max(...hoursWithData);
      for (let h = first; h <= last; h++) buckets.push({ key: String(h), label: hourLabel(h), hour: h });
      return buckets;
    }
  }
}

/** How many times each weekday (0 = Monday) occurs among the span's days. */
export function weekdayOccurrences(span: Span): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (let d = span.from; compareDates(d, span.until) < 0; d = addDays(d, 1)) counts[weekdayIndex(d)]! += 1;
  return counts;
}

/** "this month" in a title reads "Sales by day, this month"; a month's name keeps its capital. */
export const titlePeriod = (span: Span) => (/^(This|Last|Today|Yesterday)\b/.test(span.title) ? span.title.charAt(0).toLowerCase() + span.title.slice(1) : span.title);
