import type { AskPeriod } from '../../../src/contract/ask-questions.ts';
import { addDays, addMonths, compareDates, daysBetween, startOfDate, today, weekdayIndex, type CivilDate } from '../../../src/contract/zoned-time.ts';

/**
 * A period resolved against the clock and the restaurant's time zone: the instants the SQL filters on
 * (`start` inclusive, `end` exclusive: `now` while the period is still running), the calendar days it covers,
 * and how to say it in a sentence ("this month") and in a title ("This month").
 */
export type Span = {
  start: Date;
  end: Date;
  /** first calendar day */
  from: CivilDate;
  /** the day after the last calendar day with data so far (today + 1 while ongoing) */
  until: CivilDate;
  /** the day after the period's natural last day (the end of the month for "this month") */
  naturalUntil: CivilDate;
  ongoing: boolean;
  words: string;
  title: string;
};

export type AskClock = { now: Date; timeZone: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));
const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const monthName = (month: number) => MONTHS[month - 1]!;
export const shortDate = (d: CivilDate) => `${WEEKDAY_SHORT[weekdayIndex(d)]} ${d.day} ${SHORT_MONTHS[d.month - 1]}`;
export const dayMonth = (d: CivilDate) => `${d.day} ${SHORT_MONTHS[d.month - 1]}`;

/** How many days, weeks or months one period of this kind lasts, for "the period before". */
type Unit = { days: number } | { months: number };

function build(clock: AskClock, from: CivilDate, naturalUntil: CivilDate, words: string, title: string): Span {
  const t = today(clock.now, clock.timeZone);
  const ongoing = compareDates(naturalUntil, t) > 0;
  const until = ongoing ? addDays(t, 1) : naturalUntil;
  const start = startOfDate(from, clock.timeZone);
  return {
    start,
    end: ongoing ? new Date(Math.max(clock.now.getTime(), start.getTime())) : startOfDate(naturalUntil, clock.timeZone),
    from,
    until: compareDates(until, from) < 0 ? from : until,
    naturalUntil,
    ongoing,
    words,
    title,
  };
}

function resolveWithUnit(period: AskPeriod, clock: AskClock): { span: Span; unit: Unit } {
  const t = today(clock.now, clock.timeZone);
  const monthStart: CivilDate = { year: t.year, month: t.month, day: 1 };
  const weekStart = addDays(t, -weekdayIndex(t));
  switch (period.kind) {
    case 'today':
      return { span: build(clock, t, addDays(t, 1), 'today', 'Today'), unit: { days: 1 } };
    case 'yesterday':
      return { span: build(clock, addDays(t, -1), t, 'yesterday', 'Yesterday'), unit: { days: 1 } };
    case 'this_week':
      return { span: build(clock, weekStart, addDays(weekStart, 7), 'this week', 'This week'), unit: { days: 7 } };
    case 'last_week':
      return { span: build(clock, addDays(weekStart, -7), weekStart, 'last week', 'Last week'), unit: { days: 7 } };
    case 'this_month':
      return { span: build(clock, monthStart, addMonths(monthStart, 1), 'this month', 'This month'), unit: { months: 1 } };
    case 'last_month':
      return { span: build(clock, addMonths(monthStart, -1), monthStart, 'last month', 'Last month'), unit: { months: 1 } };
    case 'this_year':
      return { span: build(clock, { year: t.year, month: 1, day: 1 }, { year: t.year + 1, month: 1, day: 1 }, 'this year', 'This year'), unit: { months: 12 } };
    case 'last_year':
      return { span: build(clock, { year: t.year - 1, month: 1, day: 1 }, { year: t.year, month: 1, day: 1 }, 'last year', 'Last year'), unit: { months: 12 } };
    case 'last_days': {
      const words = period.days === 1 ? 'today' : `in the last ${period.days} days`;
      const title = period.days === 1 ? 'Today' : `Last ${period.days} days`;
      return { span: build(clock, addDays(t, 1 - period.days), addDays(t, 1), words, title), unit: { days: period.days } };
    }
    case 'last_months': {
      const words = period.months === 1 ? 'this month' : `in the last ${period.months} months`;
      const title = period.months === 1 ? 'This month' : `Last ${period.months} months`;
      return { span: build(clock, addMonths(monthStart, 1 - period.months), addMonths(monthStart, 1), words, title), unit: { months: period.months } };
    }
    case 'month': {
      const year = period.year ?? (period.month <= t.month ? t.year : t.year - 1);
      const from = { year, month: period.month, day: 1 };
      const name = year === t.year ? monthName(period.month) : `${monthName(period.month)} ${year}`;
      return { span: build(clock, from, addMonths(from, 1), `in ${name}`, name), unit: { months: 1 } };
    }
  }
}

/** " so far" for a named period still running ("this month so far"); a rolling window is always running. */
export const soFar = (span: Span) => (span.ongoing && /^(this|today)\b/.test(span.words) ? ' so far' : '');

export const resolvePeriod = (period: AskPeriod, clock: AskClock): Span => resolveWithUnit(period, clock).span;

/** Words for the period just before a named one. */
const PREVIOUS_WORDS: Partial<Record<AskPeriod['kind'], [string, string]>> = {
  today: ['yesterday', 'Yesterday'],
  this_week: ['last week', 'Last week'],
  this_month: ['last month', 'Last month'],
  this_year: ['last year', 'Last year'],
};

/** How a stretch of whole calendar days reads when no name fits it. */
function describeDays(from: CivilDate, naturalUntil: CivilDate, reference: CivilDate): { words: string; title: string } {
  const days = daysBetween(from, naturalUntil);
  if (days === 1) return { words: `on ${shortDate(from)}`, title: shortDate(from) };
  if (from.day === 1 && naturalUntil.day === 1) {
    const months = (naturalUntil.year - from.year) * 12 + naturalUntil.month - from.month;
    if (months === 1) {
      const name = from.year === reference.year ? monthName(from.month) : `${monthName(from.month)} ${from.year}`;
      return { words: `in ${name}`, title: name };
    }
    if (months === 12 && from.month === 1) return { words: `in ${from.year}`, title: String(from.year) };
  }
  const last = addDays(naturalUntil, -1);
  return { words: `from ${dayMonth(from)} to ${dayMonth(last)}`, title: `${dayMonth(from)} – ${dayMonth(last)}` };
}

/**
 * The period to compare `period` with: `against` when given, else the one just before it. While the first
 * is still running, the second is cut to the same length of time ("this month so far" against the same
 * days of last month), so a half-finished month is never compared with a whole one.
 */
export function comparisonSpans(period: AskPeriod, against: AskPeriod | undefined, clock: AskClock): { a: Span; b: Span; likeForLike: boolean } {
  const { span: a, unit } = resolveWithUnit(period, clock);
  let b: Span;
  if (against) {
    b = resolvePeriod(against, clock);
  } else {
    const from = 'days' in unit ? addDays(a.from, -unit.days) : addMonths(a.from, -unit.months);
    const reference = today(clock.now, clock.timeZone);
    const named = PREVIOUS_WORDS[period.kind];
    const { words, title } = named ? { words: named[0], title: named[1] } : describeDays(from, a.from, reference);
    b = build(clock, from, a.from, words, title);
  }
  if (!a.ongoing || b.ongoing) return { a, b, likeForLike: false };
  const elapsed = a.end.getTime() - a.start.getTime();
  const cut = Math.min(b.start.getTime() + elapsed, b.end.getTime());
  const cutEnd = new Date(cut);
  return { a, b: { ...b, end: cutEnd }, likeForLike: cut < b.end.getTime() };
}
