import type { Period } from '../../../../src/contract/segments.ts';
import { DURATION, durationDays } from './phrase-text.ts';

/**
 * Time windows in a query. "last month" is the calendar month; "in the last month" / "past month" is
 * the last 30 days, the way people mean them.
 */
export const PERIOD = String.raw`(?:(?:in|over|during|within) )?(?:the )?(?:last|past) ${DURATION}|(?:(?:in|over|during|within) )?the (?:last|past) (?:day|week|month|year)|(?:in |over |during )?(?:the )?past (?:day|week|month|year)|this (?:week|month|year)|year to date|ytd|last (?:week|month|year)|recently|lately|today`;

const DURATION_RE = new RegExp(DURATION);

export function parsePeriod(text: string): Period | null {
  const t = text.trim();
  if (t === 'this week') return { kind: 'this_week' };
  if (t === 'this month') return { kind: 'this_month' };
  if (t === 'this year' || t === 'year to date' || t === 'ytd') return { kind: 'this_year' };
  if (t === 'last month') return { kind: 'last_month' };
  if (t === 'last year') return { kind: 'last_year' };
  if (t === 'last week') return { kind: 'last_days', days: 7 };
  if (t === 'today') return { kind: 'last_days', days: 1 };
  if (t === 'recently' || t === 'lately') return { kind: 'last_days', days: 30 };
  const duration = DURATION_RE.exec(t);
  if (duration) return { kind: 'last_days', days: durationDays(duration[1], duration[2]!) };
  const bare = /(?:last|past) (day|week|month|year)$/.exec(t);
  if (bare) return { kind: 'last_days', days: durationDays(undefined, bare[1]!) };
  return null;
}
