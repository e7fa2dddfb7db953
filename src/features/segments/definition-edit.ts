import type { Period, SegmentDefinition, SegmentGroup, SegmentNode } from '../../contract/segments.ts';

/** Where a node sits in a definition: indexes into `conditions`, from the root down. */
export type NodePath = readonly number[];

export function nodeAt(definition: SegmentDefinition, path: NodePath): SegmentNode | undefined {
  let node: SegmentNode | undefined = definition;
  for (const index of path) node = node?.type === 'group' ? node.conditions[index] : undefined;
  return node;
}

/** A copy of the definition with the node at `path` replaced (or removed when `next` is null). */
export function replaceAt(definition: SegmentDefinition, path: NodePath, next: SegmentNode | null): SegmentDefinition {
  const [head, ...rest] = path;
  if (head === undefined) return next && next.type === 'group' ? next : definition;
  const conditions = definition.conditions.flatMap((child, index): SegmentNode[] => {
    if (index !== head) return [child];
    if (rest.length === 0) return next ? [next] : [];
    return child.type === 'group' ? [replaceAt(child, rest, next)] : [child];
  });
  return { ...definition, conditions: pruneEmptyGroups(conditions) };
}

/** Removing the last condition of a nested group removes the group: an empty group would mean "everyone". */
function pruneEmptyGroups(conditions: SegmentNode[]): SegmentNode[] {
  return conditions.filter((child) => child.type !== 'group' || child.conditions.length > 0);
}

export const removeAt = (definition: SegmentDefinition, path: NodePath) => replaceAt(definition, path, null);

export function setGroupOp(group: SegmentGroup, op: 'and' | 'or'): SegmentGroup {
  return { ...group, op };
}

/** Period choices offered in the editor, in the words the owner sees. */
export const PERIOD_CHOICES: Array<{ value: string; label: string }> = [
  { value: 'last_days', label: 'in the last … days' },
  { value: 'this_week', label: 'this week' },
  { value: 'this_month', label: 'this month' },
  { value: 'this_year', label: 'this year' },
  { value: 'last_month', label: 'last month' },
  { value: 'last_year', label: 'last year' },
];

export function periodFromChoice(choice: string, previous?: Period): Period {
  if (choice === 'last_days') return { kind: 'last_days', days: previous?.kind === 'last_days' ? previous.days : 30 };
  return { kind: choice as Exclude<Period['kind'], 'last_days'> };
}
