import * as v from 'valibot';

/**
 * The spec's graph record (§3): graph_type, title, data.labels, data.values. `unit` is ours: it tells the
 * chart how to print a value ($ with cents, or a plain count) without guessing from the title.
 * `none` (and any type the screen does not know) shows the message asking the owner to refine the query.
 */
const GRAPH_TYPES = ['bar', 'comparison', 'line', 'pie', 'none'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];
/** The chart types an owner can ask for ("as a pie chart"); `none` is never asked for. */
export const CHART_TYPES = ['bar', 'comparison', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const GRAPH_UNITS = ['dollars', 'count'] as const;

/** Titles are cut at this length in the history list (spec §9). */
export const ASK_TITLE_MAX = 35;

/** @public The runtime schema its type is read from. */
export const GraphJsonSchema = v.object({
  graph_type: v.picklist(GRAPH_TYPES),
  title: v.string(),
  unit: v.optional(v.picklist(GRAPH_UNITS)),
  data: v.object({ labels: v.array(v.string()), values: v.array(v.number()) }),
});
export type GraphJson = v.InferOutput<typeof GraphJsonSchema>;

/** What the assistant says when it cannot answer from the owner's data (issue 16). */
export const ASK_UNANSWERABLE = "I can't answer that from your data yet";
