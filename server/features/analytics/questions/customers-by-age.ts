import { NoParamsSchema } from '../../../../src/contract/ask-questions.ts';
import { customersByAge as countByAge } from '../../metrics/metrics.service.ts';
import { count, percent, plural, ratio } from '../analytics-format.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';

/** The /metrics/get-customers-by-age figures as a chart: known ages only, the unknown said in words. */
export const customersByAge: Question<'customers_by_age'> = {
  name: 'customers_by_age',
  params: NoParamsSchema,
  async run(db, userId, _params, clock) {
    const groups = await countByAge(db, userId, clock.now);
    const known = groups.filter((g) => g.age_group !== 'Unknown');
    const unknown = groups.find((g) => g.age_group === 'Unknown')?.count ?? 0;
    const knownTotal = known.reduce((sum, g) => sum + g.count, 0);
    const title = 'Customers by age';
    if (knownTotal === 0) {
      return emptyAnswer(title, unknown === 0 ? 'You have no customers yet.' : 'None of your customers has a birth year on record, so their ages are unknown.');
    }
    const top = [...known].sort((a, b) => b.count - a.count)[0]!;
    const takeaway =
      knownTotal === 1
        ? `Your one customer with a known age is in the ${top.age_group === 'Under 18' ? 'under 18' : top.age_group} age group.`
        : `Most of your customers with a known age are ${top.age_group === '65+' ? '65 or over' : top.age_group === 'Under 18' ? 'under 18' : top.age_group}: ${count(top.count)} of ${count(knownTotal)} (${percent(ratio(top.count, knownTotal))}).`;
    const missing = unknown > 0 ? ` ${plural(unknown, 'customer has', 'customers have')} no birth year on record.` : '';
    return {
      graph: { graph_type: 'bar', title, unit: 'count', data: { labels: known.map((g) => g.age_group), values: known.map((g) => g.count) } },
      takeaway,
      text: `${takeaway}${missing}`,
      empty: false,
    };
  },
};
