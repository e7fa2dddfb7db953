import type { Period, SegmentNode } from '../../../../src/contract/segments.ts';
import { parsePeriod, PERIOD } from './phrase-periods.ts';
import { amountPattern, AT_LEAST, AT_MOST, DURATION_NAMED, durationDays, LESS, MORE, toCents } from './phrase-text.ts';

/** Shared pieces of the phrase rules: the rule shape and the named-group patterns they are built from. */

type RuleContext = { now: Date };
export type Groups = Record<string, string | undefined>;
export type Rule = { name: string; re: RegExp; build: (groups: Groups, ctx: RuleContext, matched: string) => SegmentNode[] };

export const rx = (source: string) => new RegExp(source, 'g');
export const amountOf = (g: Groups, prefix: string) => toCents(g[`${prefix}a`] ?? g[`${prefix}b`] ?? g[`${prefix}c`] ?? '0');
export const amount = amountPattern;
/** An optional trailing time window, captured as `name`. */
export const period = (name = 'period') => `(?:\\s(?<${name}>${PERIOD}))?`;
export const periodOf = (g: Groups, name = 'period'): Period | undefined => (g[name] ? (parsePeriod(g[name]) ?? undefined) : undefined);
export function withPeriod(g: Groups): { period?: Period } {
  const p = periodOf(g);
  return p ? { period: p } : {};
}
export const COMPARE = `(?<cmp>${AT_LEAST}|${AT_MOST}|${MORE}|${LESS})`;
export const DUR = DURATION_NAMED;
export const days = (g: Groups) => durationDays(g.n, g.unit!);
