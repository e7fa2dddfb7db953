import { NoParamsSchema } from '../../../../src/contract/ask-questions.ts';
import { countEachSegment } from '../../segments/segment-sql.ts';
import { storedDefinition } from '../../segments/segments.service.ts';
import { count, plural } from '../analytics-format.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';

/** At most this many segments are counted (the newest); a chart of more bars is unreadable on a phone. */
const MAX_SEGMENTS = 12;

/** Each saved segment counted by the segments feature's own conditions, as its own screen would count it. */
export const segmentSizes: Question<'segment_sizes'> = {
  name: 'segment_sizes',
  params: NoParamsSchema,
  async run(db, userId, _params, clock) {
    const segments = await db.selectFrom('segments').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(MAX_SEGMENTS).execute();
    const title = 'Customers per segment';
    if (segments.length === 0) return emptyAnswer(title, 'You have no saved segments yet.');
    // All of them in one pass over the customers, each by the segments feature's own condition.
    const sizes = await countEachSegment(db, userId, segments.map(storedDefinition), clock.now);
    const sized = segments.map((s, i) => ({ title: s.title, size: sizes[i]! }));
    sized.sort((a, b) => b.size - a.size || a.title.localeCompare(b.title));
    const top = sized[0]!;
    const takeaway =
      sized.length === 1 ? `Your segment “${top.title}” has ${plural(top.size, 'customer')}.` : `Your biggest segment is “${top.title}”: ${plural(top.size, 'customer')}.`;
    const rest = sized.slice(1).map((s) => `“${s.title}” ${count(s.size)}`);
    return {
      graph: { graph_type: 'bar', title, unit: 'count', data: { labels: sized.map((s) => s.title), values: sized.map((s) => s.size) } },
      takeaway,
      text: `${takeaway}${rest.length ? ` Then ${rest.join(', ')}.` : ''}`,
      empty: false,
    };
  },
};
