/**
 * The chart palette (spec §9: six colours). Picked to stay apart for the common kinds of colour blindness and
 * to read on white at a phone's size; the first is the one a single-series chart uses.
 */
export const CHART_PALETTE = ['#1c7ed6', '#f76707', '#2f9e44', '#ae3ec9', '#c2255c', '#0c8599'] as const;
export const chartColor = (index: number) => CHART_PALETTE[index % CHART_PALETTE.length]!;
