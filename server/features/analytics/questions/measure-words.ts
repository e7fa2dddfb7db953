import type { Measure } from '../../../../src/contract/ask-questions.ts';
import { dollarsValue, money, plural } from '../analytics-format.ts';

/** How each measure is computed from a bucket's totals, charted and said. */
export type Totals = { sales: number; visits: number };

export const MEASURE = {
  sales: {
    title: 'Sales',
    noun: 'sales',
    value: (t: Totals) => t.sales,
    chart: dollarsValue,
    say: (v: number) => money(v),
    best: 'best',
    worst: 'slowest',
    unit: 'dollars' as const,
  },
  visits: {
    title: 'Visits',
    noun: 'visits',
    value: (t: Totals) => t.visits,
    chart: (v: number) => Math.round(v * 10) / 10,
    say: (v: number) => (Number.isInteger(v) ? plural(v, 'visit') : `${v.toFixed(1)} visits`),
    best: 'busiest',
    worst: 'quietest',
    unit: 'count' as const,
  },
  average_order: {
    title: 'Average order',
    noun: 'average order',
    value: (t: Totals) => (t.visits === 0 ? 0 : t.sales / t.visits),
    chart: dollarsValue,
    say: (v: number) => money(v),
    best: 'biggest average order',
    worst: 'smallest average order',
    unit: 'dollars' as const,
  },
} satisfies Record<Measure, unknown>;

/** "up 8 % on", "down 4 % on", "level with". */
export function change(a: number, b: number, pct: (r: number) => string): string {
  if (b === 0) return 'against nothing in';
  const r = (a - b) / b;
  if (Math.abs(r) < 0.005) return 'level with';
  return `${r > 0 ? 'up' : 'down'} ${pct(r)} on`;
}
