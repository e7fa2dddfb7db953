import type { AskPeriod } from '../../../../src/contract/ask-questions.ts';
import type { Period, SegmentDefinition, SegmentNode } from '../../../../src/contract/segments.ts';
import type { Db } from '../../../db/client.ts';
import { countSegment } from '../../segments/segments.service.ts';
import type { SegmentOffer } from '../analytics-types.ts';

/**
 * Segment offers: the definition is built here and counted by the segments feature's own SQL; the query is
 * words the segment chat's parser reads back as exactly that definition (tests hold both to each other).
 */

/** The ask periods a segment condition can hold too. Segment periods are UTC calendar spans. */
const SEGMENT_PERIODS: Partial<Record<AskPeriod['kind'], { period: Period; words: string }>> = {
  this_week: { period: { kind: 'this_week' }, words: 'this week' },
  this_month: { period: { kind: 'this_month' }, words: 'this month' },
  this_year: { period: { kind: 'this_year' }, words: 'this year' },
  last_month: { period: { kind: 'last_month' }, words: 'last month' },
  last_year: { period: { kind: 'last_year' }, words: 'last year' },
};

/** The segment form of an ask period, when there is one that means the same days (UTC only). */
export function segmentPeriod(period: AskPeriod | undefined, timeZone: string): { period: Period; words: string } | null | undefined {
  if (!period) return undefined;
  if (timeZone !== 'UTC') return null;
  return SEGMENT_PERIODS[period.kind] ?? null;
}

/** "$812" or "$812.40": exact, as the segment parser reads it back. */
export const exactDollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

export async function segmentOffer(db: Db, userId: string, now: Date, conditions: SegmentNode[], query: string, label: (count: number) => string): Promise<SegmentOffer | undefined> {
  const definition: SegmentDefinition = { type: 'group', op: 'and', conditions };
  const count = await countSegment(db, userId, definition, now);
  if (count === 0) return undefined;
  return { kind: 'segment', label: label(count), query, definition, count };
}
