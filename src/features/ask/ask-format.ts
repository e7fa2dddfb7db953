import type { AskGraphJson } from '../../contract/ask.ts';

/** The graph types the screen draws; anything else (`none`, or a type a newer server sends) asks to refine. */
const DRAWN_TYPES = ['bar', 'comparison', 'line', 'pie'] as const;
export type DrawnType = (typeof DRAWN_TYPES)[number];
export const isDrawn = (graph: AskGraphJson | null | undefined): graph is AskGraphJson & { graph_type: DrawnType } =>
  !!graph && (DRAWN_TYPES as readonly string[]).includes(graph.graph_type) && graph.data.values.length > 0;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A value as the owner reads it: "$1,240" or "$27.50" for money, "38" for a count. */
export function formatValue(value: number, unit: AskGraphJson['unit']): string {
  if (unit !== 'dollars') return count.format(value);
  return Number.isInteger(value) ? money.format(value) : money.format(value).replace(/(\.\d)$/, '$10');
}

/** A short axis tick: "$1.2k", "12k". */
export function formatTick(value: number, unit: AskGraphJson['unit']): string {
  const sign = unit === 'dollars' ? '$' : '';
  const abs = Math.abs(value);
  const short = (n: number, digits: number) => n.toFixed(digits).replace(/\.0$/, '');
  if (abs >= 1_000_000) return `${sign}${short(value / 1_000_000, abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 1_000) return `${sign}${short(value / 1_000, abs >= 10_000 ? 0 : 1)}k`;
  return `${sign}${abs >= 10 ? Math.round(value) : Math.round(value * 10) / 10}`;
}

/** A figure printed beside a bar: whole dollars from $100 up ("$24,073"), so the label stays short. */
export function formatLabel(value: number, unit: AskGraphJson['unit']): string {
  return unit === 'dollars' && Math.abs(value) >= 100 ? money.format(Math.round(value)) : formatValue(value, unit);
}

/** Characters of a bar's name that fit beside it at 360 px; the whole name is in the tooltip and the table. */
export const BAR_LABEL_CHARS = 15;

/** A bar's name cut to fit ("Demo: Weekend b…" stays "Demo: Weekend…"), on a word where one is near. */
export function shortLabel(label: string, max = BAR_LABEL_CHARS): string {
  if (label.length <= max) return label;
  const cut = label.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length >= max - 6 ? atWord : cut.trimEnd()}…`;
}
