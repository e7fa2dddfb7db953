import { ComparePeriodsParamsSchema } from '../../../../src/contract/ask-questions.ts';
import { capitalise, percent } from '../analytics-format.ts';
import { orderTotalsIn } from '../analytics-orders.ts';
import { comparisonSpans, soFar } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';
import { change, MEASURE } from './measure-words.ts';

/** "This month vs last month": two totals side by side, like for like while the first is still running. */
export const comparePeriods: Question<'compare_periods'> = {
  name: 'compare_periods',
  params: ComparePeriodsParamsSchema,
  async run(db, userId, params, clock) {
    const { a, b, likeForLike } = comparisonSpans(params.period, params.against, clock);
    const m = MEASURE[params.measure];
    const bWords = likeForLike ? `the same days ${b.words.replace(/^in /, 'of ')}` : b.words;
    const title = `${m.title}: ${a.title}${soFar(a)} vs ${b.title}`;
    const totals = await orderTotalsIn(db, userId, a, b);
    if (totals.a.visits === 0 && totals.b.visits === 0) {
      return emptyAnswer(title, `No sales recorded ${a.words} or ${b.words}.`);
    }
    const va = m.value(totals.a);
    const vb = m.value(totals.b);
    const running = soFar(a);
    const lead =
      params.measure === 'visits' ? `${m.say(va)} ${a.words}${running}` : params.measure === 'sales' ? `Sales ${a.words}${running}: ${m.say(va)}` : `Your average order ${a.words}${running}: ${m.say(va)}`;
    const takeaway = totals.b.visits === 0 ? `${lead}; nothing was sold ${likeForLike ? `in ${bWords}` : b.words} to compare with.` : `${lead}, ${change(va, vb, percent)} ${bWords} (${m.say(vb)}).`;
    const other = params.measure === 'visits' ? 'sales' : 'visits';
    const o = MEASURE[other];
    const otherLine =
      totals.b.visits === 0
        ? ''
        : ` ${capitalise(o.noun)}: ${o.say(o.value(totals.a))} against ${o.say(o.value(totals.b))}, ${change(o.value(totals.a), o.value(totals.b), percent).replace(/ on$/, '').replace(/^level with$/, 'level')}.`;
    return {
      graph: {
        graph_type: 'comparison',
        title,
        unit: m.unit,
        data: { labels: [`${a.title}${running}`, likeForLike ? `${b.title} (same days)` : b.title], values: [m.chart(va), m.chart(vb)] },
      },
      takeaway,
      text: `${takeaway}${otherLine}`,
      empty: false,
    };
  },
};
