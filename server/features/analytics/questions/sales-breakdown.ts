import { SalesBreakdownParamsSchema, WEEKDAYS, type AskPeriod, type Grouping, type QuestionParams } from '../../../../src/contract/ask-questions.ts';
import { percent, ratio } from '../analytics-format.ts';
import type { Db } from '../../../db/client.ts';
import { orderTotalsBetween, orderTotalsBy, type BucketRow } from '../analytics-orders.ts';
import { resolvePeriod, shortDate, soFar, type Span } from '../analytics-periods.ts';
import { emptyAnswer, type AnswerBody, type Question } from '../analytics-types.ts';
import { MEASURE, type Totals } from './measure-words.ts';
import { addDays, addMonths, compareDates, isoDate, startOfDate, wallTime, weekdayIndex, type CivilDate } from '../../../../src/contract/zoned-time.ts';
import { bucketsFor, hourRange, snapSpan, titlePeriod, WEEKDAY_NAMES, weekdayOccurrences, type Bucket } from './time-buckets.ts';

type Params = QuestionParams<'sales_breakdown'>;

/** What "sales by week" means when no period is named. */
const DEFAULT_PERIOD: Record<Grouping, AskPeriod> = {
  day: { kind: 'last_days', days: 30 },
  week: { kind: 'last_days', days: 84 },
  month: { kind: 'last_months', months: 12 },
  weekday: { kind: 'last_days', days: 90 },
  hour: { kind: 'last_days', days: 90 },
};

type Point = { bucket: Bucket; totals: Totals; value: number };

export const salesBreakdown: Question<'sales_breakdown'> = {
  name: 'sales_breakdown',
  params: SalesBreakdownParamsSchema,
  async run(db, userId, params, clock) {
    const period = params.period ?? (params.weekday ? DEFAULT_PERIOD.weekday : DEFAULT_PERIOD[params.by]);
    const filled = { ...params, period };
    const span = snapSpan(resolvePeriod(period, clock), params.by, clock.timeZone);
    const weekday = params.weekday ? WEEKDAYS.indexOf(params.weekday) : undefined;
    // By weekday, the chosen weekday is the one the answer talks about; by anything else, a filter.
    const filter = params.by === 'weekday' ? undefined : weekday;
    // Calendar buckets come from edges computed here (one binary search per order); hours, and weeks or months of one
    // weekday, are taken in SQL.
    const inSql = filter !== undefined && (params.by === 'week' || params.by === 'month');
    const rows = inSql
      ? await orderTotalsBy(db, userId, span, params.by, clock.timeZone, filter + 1)
      : params.by === 'hour'
        ? await hourRows(db, userId, span, clock.timeZone, filter)
        : await calendarRows(db, userId, span, params.by, clock.timeZone, filter);
    const m = MEASURE[params.measure];
    const title = chartTitle(params, span, filter);
    const totalVisits = rows.reduce((sum, r) => sum + r.visits, 0);
    if (totalVisits === 0) {
      const on = filter === undefined ? '' : ` on ${WEEKDAY_NAMES[filter]}s`;
      return { ...emptyAnswer(title, `No sales recorded${on} ${span.words}${soFar(span) ? ' yet' : ''}.`), params: filled };
    }

    const byKey = new Map(rows.map((r) => [r.bucket, r]));
    const buckets = bucketsFor(span, params.by, filter, rows.filter((r) => r.visits > 0).map((r) => Number(r.bucket)));
    const occurrences = weekdayOccurrences(span);
    const points: Point[] = buckets.map((bucket) => {
      const row = byKey.get(bucket.key);
      const totals = { sales: row?.sales ?? 0, visits: row?.visits ?? 0 };
      let value = m.value(totals);
      // An average Tuesday, not all Tuesdays together: a month can hold four Tuesdays and five Saturdays.
      if (params.by === 'weekday' && params.measure !== 'average_order') value = ratio(value, occurrences[bucket.weekday!]!);
      return { bucket, totals, value };
    });
    const timeline = params.by === 'day' || params.by === 'week' || params.by === 'month';
    const graph = {
      graph_type: timeline && points.length > 14 ? ('line' as const) : ('bar' as const),
      title,
      unit: m.unit,
      data: { labels: points.map((p) => p.bucket.label), values: points.map((p) => m.chart(p.value)) },
    };
    const body = params.by === 'weekday' ? weekdayWords(params, points, span, weekday) : params.by === 'hour' ? hourWords(params, points, span) : timelineWords(params, points, span);
    return { ...body, graph, empty: false, params: filled };
  },
};

/** Totals per day, week or month (or per weekday, from its days), keyed as orderTotalsBy keys them. */
async function calendarRows(db: Db, userId: string, span: Span, by: Grouping, timeZone: string, weekday: number | undefined): Promise<BucketRow[]> {
  const step = (d: CivilDate) => (by === 'week' ? addDays(d, 7) : by === 'month' ? addMonths(d, 1) : addDays(d, 1));
  const dates: CivilDate[] = [];
  for (let d = span.from; compareDates(d, span.until) < 0; d = step(d)) dates.push(d);
  const totals = await orderTotalsBetween(db, userId, [...dates.map((d) => startOfDate(d, timeZone)), span.end]);
  if (by !== 'weekday') {
    return dates.map((d, i) => ({ bucket: isoDate(d), ...totals[i]! })).filter((_row, i) => weekday === undefined || weekdayIndex(dates[i]!) === weekday);
  }
  const days = Array.from({ length: 7 }, (_, i) => ({ bucket: String(i + 1), sales: 0, visits: 0 }));
  dates.forEach((d, i) => {
    const day = days[weekdayIndex(d)]!;
    day.sales += totals[i]!.sales;
    day.visits += totals[i]!.visits;
  });
  return days;
}

/** Totals per local hour of the day, from one bucket per hour of the span (only the chosen weekday's, if any). */
async function hourRows(db: Db, userId: string, span: Span, timeZone: string, weekday: number | undefined): Promise<BucketRow[]> {
  const edges: Date[] = [];
  const hourOf: number[] = [];
  const keep: boolean[] = [];
  for (let d = span.from; compareDates(d, span.until) < 0; d = addDays(d, 1)) {
    const start = startOfDate(d, timeZone).getTime();
    const length = Math.round((startOfDate(addDays(d, 1), timeZone).getTime() - start) / HOUR_MS);
    for (let k = 0; k < length; k++) {
      const edge = new Date(start + k * HOUR_MS);
      if (edge >= span.end) break;
      edges.push(edge);
      // A 23- or 25-hour day (daylight saving) asks the zone which hour each one is.
      hourOf.push(length === 24 ? k : wallTime(edge, timeZone).hour);
      keep.push(weekday === undefined || weekdayIndex(d) === weekday);
    }
  }
  const totals = await orderTotalsBetween(db, userId, [...edges, span.end]);
  const hours = new Map<number, BucketRow>();
  totals.forEach((t, i) => {
    if (!keep[i] || t.visits === 0) return;
    const row = hours.get(hourOf[i]!) ?? { bucket: String(hourOf[i]), sales: 0, visits: 0 };
    row.sales += t.sales;
    row.visits += t.visits;
    hours.set(hourOf[i]!, row);
  });
  return [...hours.values()];
}

const HOUR_MS = 3_600_000;

function chartTitle(params: Params, span: Span, filter: number | undefined): string {
  const m = MEASURE[params.measure];
  const averaged = params.by === 'weekday' && params.measure !== 'average_order';
  const what = averaged ? `Average ${m.noun}` : m.title;
  const on = filter === undefined ? '' : ` on ${WEEKDAY_NAMES[filter]}s`;
  return `${what} by ${params.by}${on}, ${titlePeriod(span)}`;
}

type Words = Pick<AnswerBody, 'takeaway' | 'text'>;

const above = (value: number, mean: number) => {
  const r = ratio(value - mean, mean);
  if (Math.abs(r) < 0.005) return 'right on average';
  return `${percent(r)} ${r < 0 ? 'below' : 'above'} average`;
};

function weekdayWords(params: Params, points: Point[], span: Span, focus: number | undefined): Words {
  const m = MEASURE[params.measure];
  // Days with no orders at all are days the restaurant was closed, not its slowest days.
  const open = points.filter((p) => p.totals.visits > 0);
  const mean = open.reduce((sum, p) => sum + p.value, 0) / open.length;
  const say = (p: Point) => `${m.say(p.value)}${params.measure === 'average_order' ? '' : ' on average'}`;
  if (focus !== undefined) {
    const day = points[focus]!;
    const name = WEEKDAY_NAMES[focus]!;
    if (day.totals.visits === 0) {
      const sentence = `No sales on ${name}s ${span.words}.`;
      return { takeaway: sentence, text: sentence };
    }
    const rank = [...open].sort((a, b) => b.value - a.value).indexOf(day) + 1;
    const takeaway = `${name}s ${span.words}: ${say(day)}, ${above(day.value, mean)}.`;
    const place = rank === 1 ? `your ${m.best} day` : rank === open.length ? `your ${m.worst} day` : `number ${rank} of the ${open.length} days you had orders`;
    return { takeaway, text: `${takeaway} That makes ${name} ${place}.` };
  }
  const sorted = [...open].sort((a, b) => a.value - b.value);
  const worst = sorted[0]!;
  const best = sorted.at(-1)!;
  const name = (p: Point) => WEEKDAY_NAMES[p.bucket.weekday!]!;
  if (open.length === 1) {
    const sentence = `Only ${name(best)}s had orders ${span.words}: ${say(best)}.`;
    return { takeaway: sentence, text: sentence };
  }
  const takeaway = `${name(worst)}s were your ${m.worst} day ${span.words}: ${say(worst)}, ${above(worst.value, mean)}.`;
  return { takeaway, text: `${takeaway} ${name(best)}s were your ${m.best}: ${say(best)}, ${above(best.value, mean)}.` };
}

function hourWords(params: Params, points: Point[], span: Span): Words {
  const m = MEASURE[params.measure];
  const best = [...points].sort((a, b) => b.value - a.value || a.bucket.hour! - b.bucket.hour!)[0]!;
  const when = hourRange(best.bucket.hour!);
  if (params.measure === 'average_order') {
    const takeaway = `Your biggest orders ${span.words} came ${when}: ${m.say(best.value)} on average.`;
    return { takeaway, text: takeaway };
  }
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const share = `${percent(ratio(best.value, total))} of all ${m.noun}`;
  const takeaway = `Your ${m.best} hour ${span.words} was ${when}: ${m.say(best.value)}, ${share}.`;
  const open = points.filter((p) => p.totals.visits > 0);
  const first = open[0]!.bucket.hour!;
  const last = open.at(-1)!.bucket.hour!;
  return { takeaway, text: `${takeaway} Orders came in between ${hourRange(first).split('–')[0]} and ${hourRange(last).split('–')[1]}.` };
}

function timelineWords(params: Params, points: Point[], span: Span): Words {
  const m = MEASURE[params.measure];
  const unit = params.by;
  const sales = points.reduce((sum, p) => sum + p.totals.sales, 0);
  const visits = points.reduce((sum, p) => sum + p.totals.visits, 0);
  const total = m.value({ sales, visits });
  const best = [...points].filter((p) => p.totals.visits > 0).sort((a, b) => b.value - a.value)[0]!;
  const bestName = unit === 'day' ? shortDate(best.bucket.date!) : unit === 'week' ? `the week of ${best.bucket.label}` : best.bucket.label;
  let headline: string;
  if (params.measure === 'sales') headline = `Sales ${span.words}${soFar(span)}: ${m.say(total)}`;
  else if (params.measure === 'visits') headline = `${m.say(total)} ${span.words}${soFar(span)}`;
  else headline = `Your average order ${span.words}: ${m.say(total)}`;
  const takeaway = `${headline}; your ${m.best === 'busiest' || m.best === 'best' ? `${m.best} ${unit}` : `${m.best}`} was ${bestName} at ${m.say(best.value)}.`;
  const quiet = points.filter((p) => p.totals.visits === 0).length;
  const gaps = quiet > 0 && unit === 'day' ? ` ${quiet} of the ${points.length} days had no orders.` : '';
  return { takeaway, text: `${takeaway}${gaps}` };
}
