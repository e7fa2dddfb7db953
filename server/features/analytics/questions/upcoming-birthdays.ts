import { UpcomingBirthdaysParamsSchema } from '../../../../src/contract/ask-questions.ts';
import type { SegmentDefinition } from '../../../../src/contract/segments.ts';
import { segmentCustomersQuery } from '../../segments/segment-sql.ts';
import { customerName, plural, these } from '../analytics-format.ts';
import { dayMonth, shortDate } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';
import { addDays, daysBetween, today, type CivilDate } from '../../../../src/contract/zoned-time.ts';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The next time a birthday comes round from `from` (29 February is kept on the 28th in other years). */
function nextBirthday(month: number, day: number, from: CivilDate): CivilDate {
  for (const year of [from.year, from.year + 1]) {
    const d = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
    const date = { year, month, day: d };
    if (daysBetween(from, date) >= 0) return date;
  }
  return { year: from.year + 1, month, day };
}

/** Birthdays in the next `days` days (today is day 1), found by the segments feature's birthday condition. */
export const upcomingBirthdays: Question<'upcoming_birthdays'> = {
  name: 'upcoming_birthdays',
  params: UpcomingBirthdaysParamsSchema,
  async run(db, userId, params, clock) {
    const t = today(clock.now, clock.timeZone);
    const definition: SegmentDefinition = { type: 'group', op: 'and', conditions: [{ type: 'birthday', op: 'next_days', days: params.days }] };
    // The birthday condition reads the calendar date of `now` in UTC: hand it the restaurant's date.
    const localNoon = new Date(Date.UTC(t.year, t.month - 1, t.day, 12));
    const rows = await segmentCustomersQuery(db, userId, definition, localNoon)
      .select(['c.given_name', 'c.family_name', 'c.birthday_month', 'c.birthday_day'])
      .execute();
    const within = params.days === 1 ? 'today' : `in the next ${params.days} days`;
    const title = params.days === 1 ? 'Birthdays today' : `Birthdays in the next ${params.days} days`;
    if (rows.length === 0) return emptyAnswer(title, `No customer birthdays ${within}.`);
    const people = rows
      .map((r) => {
        const date = nextBirthday(r.birthday_month!, r.birthday_day!, t);
        return { name: customerName(r.given_name, r.family_name), date, offset: daysBetween(t, date) };
      })
      .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name));
    const when = (p: (typeof people)[number]) => (p.offset === 0 ? 'today' : p.offset === 1 ? 'tomorrow' : `on ${shortDate(p.date)}`);

    const labels: string[] = [];
    const values: number[] = [];
    const step = params.days <= 14 ? 1 : 7;
    for (let start = 0; start < params.days; start += step) {
      const end = Math.min(start + step, params.days) - 1;
      const first = addDays(t, start);
      const last = addDays(t, end);
      labels.push(step === 1 ? shortDate(first) : first.month === last.month ? `${first.day}–${dayMonth(last)}` : `${dayMonth(first)} – ${dayMonth(last)}`);
      values.push(people.filter((p) => p.offset >= start && p.offset <= end).length);
    }
    const first = people[0]!;
    const takeaway =
      people.length === 1
        ? `1 birthday ${within}: ${first.name}'s, ${when(first)}.`
        : `${plural(people.length, 'birthday')} ${within}; the first is ${first.name}'s, ${when(first)}.`;
    const listed = people.slice(0, 5).map((p) => `${p.name} (${when(p).replace(/^on /, '')})`);
    const more = people.length > 5 ? ` and ${plural(people.length - 5, 'more', 'more')}` : '';
    return {
      graph: { graph_type: 'bar', title, unit: 'count', data: { labels, values } },
      takeaway,
      text: `${takeaway} Coming up: ${listed.join(', ')}${more}.`,
      offer: {
        kind: 'segment',
        label: `Make a segment of ${these(people.length, 'customer')} with ${people.length === 1 ? 'a birthday' : 'birthdays'} coming up`,
        query: params.days === 1 ? 'birthdays today' : `birthdays in the next ${params.days} days`,
        definition,
        count: people.length,
      },
      empty: false,
    };
  },
};
