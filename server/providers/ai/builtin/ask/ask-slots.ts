import type { ChartType } from '../../../../../src/contract/ask-graph.ts';
import type { AskPeriod, Grouping, Measure, Weekday } from '../../../../../src/contract/ask-questions.ts';
import { MONTHS } from '../phrase-text.ts';

/**
 * The pieces of a question that are not its subject: when (periods), how to draw it, which weekday, which
 * measure, how to group, how many. Each is read from the normalised text and blanked, so that what is left
 * over can be checked for words nobody understood.
 */

export class Scanner {
  text: string;
  constructor(text: string) {
    this.text = text;
  }
  /**
   * Calls `found` for each match (in order) and blanks the matched text; `cut` removes it instead, for a
   * word inside a phrase a later rule still reads ("top 5 customers" → "top customers").
   */
  take(re: RegExp, found: (m: RegExpExecArray) => void, cut = false): boolean {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    let any = false;
    for (const m of [...this.text.matchAll(global)]) {
      if (m[0].trim() === '') continue;
      found(m as RegExpExecArray);
      any = true;
    }
    if (any) this.text = cut ? this.text.replace(global, '').replace(/ {2,}/g, ' ') : this.text.replace(global, (s) => ' '.repeat(s.length));
    return any;
  }
  has(re: RegExp): boolean {
    return re.test(this.text);
  }
}

export type Slots = {
  periods: AskPeriod[];
  chart?: ChartType;
  weekday?: Weekday;
  measure?: Measure;
  by?: Grouping;
  limit?: number;
  /** "for 3 months", "next 2 weeks": a number of days not tied to a period */
  days?: number;
  minVisits?: number;
  /** Campaign results: words from the campaign's name, its channel, only the latest one. */
  campaign?: { campaign?: string; channel?: 'email' | 'sms'; latest?: boolean };
};

const MONTH = `(?:${MONTHS.join('|')})`;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const unitOf = (word: string) => word.replace(/s$/, '');

function lastN(n: number, unit: string): AskPeriod {
  const u = unitOf(unit);
  if (u === 'month' && n <= 24) return { kind: 'last_months', months: n };
  if (u === 'year' && n <= 2) return { kind: 'last_months', months: 12 * n };
  return { kind: 'last_days', days: Math.min(730, Math.max(1, n * UNIT_DAYS[u]!)) };
}

const NAMED: Record<string, AskPeriod> = {
  today: { kind: 'today' },
  yesterday: { kind: 'yesterday' },
  'this week': { kind: 'this_week' },
  'week to date': { kind: 'this_week' },
  'last week': { kind: 'last_week' },
  'previous week': { kind: 'last_week' },
  'this month': { kind: 'this_month' },
  'month to date': { kind: 'this_month' },
  mtd: { kind: 'this_month' },
  'last month': { kind: 'last_month' },
  'previous month': { kind: 'last_month' },
  'this year': { kind: 'this_year' },
  'year to date': { kind: 'this_year' },
  ytd: { kind: 'this_year' },
  'last year': { kind: 'last_year' },
  'previous year': { kind: 'last_year' },
};

/** Periods in the order they are written (the first is the one asked about, a second the one to compare with). */
export function takePeriods(s: Scanner): AskPeriod[] {
  const found: Array<{ at: number; period: AskPeriod }> = [];
  const add = (m: RegExpExecArray, period: AskPeriod) => found.push({ at: m.index, period });
  // "the last 3 months", "past 90 days", "over the last 2 weeks"
  s.take(/\b(?:(?:in|over|during|for|from) )?(?:the )?(?:last|past|previous) (\d+) (days?|weeks?|months?|years?)\b/, (m) => add(m, lastN(Number(m[1]), m[2]!)));
  // "the past week", "in the last month": a rolling window, unlike the calendar "last month"
  s.take(/\b(?:(?:in|over|during|for) )?the (?:last|past) (day|week|month|year)\b|\b(?:(?:in|over|during|for) )?(?:the )?past (day|week|month|year)\b/, (m) =>
    add(m, lastN(1, m[1] ?? m[2]!)),
  );
  s.take(/\b(?:(?:so far|up to now) )?(?:(?:in|for|during|of|from|over) )?(today|yesterday|this week|week to date|last week|previous week|this month|month to date|mtd|last month|previous month|this year|year to date|ytd|last year|previous year)(?: so far)?\b/, (m) =>
    add(m, NAMED[m[1]!]!),
  );
  s.take(new RegExp(String.raw`\b(?:(?:in|for|during|of|from|over) )?(?:the month of )?(${MONTH})(?: (\d{4}))?\b(?=.)`), (m) => {
    const month = MONTHS.indexOf(m[1] as (typeof MONTHS)[number]) + 1;
    // "may" is also a verb: a bare "may" counts only with a year or a preposition before it.
    if (m[1] === 'may' && !m[2] && !/^\s*(?:in|for|during|of|from|over)\b/.test(m[0])) return;
    const year = m[2] ? Number(m[2]) : undefined;
    add(m, year !== undefined && year >= 2000 && year <= 2100 ? { kind: 'month', month, year } : { kind: 'month', month });
  });
  return found.sort((a, b) => a.at - b.at).map((f) => f.period);
}

export function takeChart(s: Scanner): ChartType | undefined {
  let chart: ChartType | undefined;
  s.take(/\b(?:(?:show (?:it|that|this|them|me)|make it|draw it|put it|switch to|change (?:it )?to|turn it into|instead) )?(?:(?:as|in|on|into|with) )?(?:a |the )?(pie|bar|line|donut|doughnut|column|comparison)(?: chart| graph| view)?(?: instead)?\b/, (m) => {
    const kind = m[1]!;
    chart = kind === 'donut' || kind === 'doughnut' ? 'pie' : kind === 'column' ? 'bar' : (kind as ChartType);
  });
  return chart;
}

const WEEKDAY_WORDS: Record<string, Weekday> = {
  monday: 'monday', mon: 'monday', tuesday: 'tuesday', tue: 'tuesday', tues: 'tuesday', wednesday: 'wednesday', wed: 'wednesday',
  thursday: 'thursday', thu: 'thursday', thurs: 'thursday', friday: 'friday', fri: 'friday', saturday: 'saturday', sat: 'saturday', sunday: 'sunday', sun: 'sunday',
};

export function takeWeekday(s: Scanner): Weekday | undefined {
  let day: Weekday | undefined;
  s.take(/\b(?:on |for )?(?:a |the )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs)?|fri|sat|sun)(?:s|'s)?\b(?! ?\d)/, (m) => {
    day ??= WEEKDAY_WORDS[m[1]!];
  });
  return day;
}

export function takeMeasure(s: Scanner): Measure | undefined {
  let measure: Measure | undefined;
  const set = (m: Measure) => {
    measure ??= m;
  };
  s.take(/\b(?:average (?:order(?: value| size)?|ticket|check|basket|spend(?: per (?:visit|order))?|sale)|avg order(?: value)?|aov|spend per (?:visit|order)|order value|ticket size|basket size)s?\b/, () => set('average_order'));
  s.take(/\b(?:visits?|orders?|transactions?|footfall|foot traffic|traffic|covers|tickets|guests came in|customers came in|people came in|came in)\b/, () => set('visits'));
  s.take(/\b(?:sales|revenue|takings|turnover|income|money|sold|earnings|earned|earn|made|make|takes?|took|business)\b/, () => set('sales'));
  return measure;
}

export function takeGrouping(s: Scanner): Grouping | undefined {
  let by: Grouping | undefined;
  const set = (g: Grouping) => {
    by ??= g;
  };
  s.take(/\b(?:by|per|each|every) (?:hour|time of day)|\bhourly\b|\b(?:what|which) (?:time|hours?)\b|\btime of day\b|\b(?:busiest|quietest|slowest|best|worst|peak|rush) (?:hours?|times?)\b|\bpeak\b|\brush\b/, () => set('hour'));
  s.take(/\b(?:by|per|each) (?:day of (?:the )?week|weekday)|\b(?:(?:what|which) )?days? of (?:the )?week\b|\b(?:what|which) days?\b|\b(?:busiest|quietest|slowest|best|worst|strongest|weakest) (?:day|weekday)s?(?: of (?:the )?week)?\b|\bweekdays?\b/, () => set('weekday'));
  s.take(/\b(?:by|per|each|every) day\b|\bdaily\b|\bday by day\b|\bdays\b/, () => set('day'));
  s.take(/\b(?:by|per|each|every) week\b|\bweekly\b|\bweek by week\b|\bweeks\b/, () => set('week'));
  s.take(/\b(?:by|per|each|every) month\b|\bmonthly\b|\bmonth by month\b|\bmonths\b|\b(?:best|worst|busiest|slowest) month\b/, () => set('month'));
  return by;
}

export function takeLimit(s: Scanner): number | undefined {
  let limit: number | undefined;
  // Only the number is taken: "top" still tells the subject ("top 5 customers").
  s.take(
    /(?<=\b(?:top|best|biggest|first) )(\d+) ?\b/,
    (m) => {
      limit ??= Math.min(20, Math.max(1, Number(m[1])));
    },
    true,
  );
  return limit;
}

/** "for 3 months", "in over 60 days", "next 2 weeks": a duration in days. */
export function takeDays(s: Scanner): number | undefined {
  let days: number | undefined;
  s.take(/\b(?:(?:for|in|over|within|the next|next|coming|in the next|more than|over) )?(?:(?:more than|over|at least) )?(\d+) (days?|weeks?|months?|years?)\b/, (m) => {
    days ??= Number(m[1]) * UNIT_DAYS[unitOf(m[2]!)]!;
  });
  return days;
}

export function takeMinVisits(s: Scanner): number | undefined {
  let visits: number | undefined;
  s.take(/\b(?:at least |more than )?(\d+)(?:\+| or more)? (?:visits|times)\b/, (m) => {
    visits ??= Number(m[1]);
  });
  return visits;
}
