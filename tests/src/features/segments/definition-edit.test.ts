import { describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '../../../../src/contract/segments.ts';
import { describeDefinition } from '../../../../src/contract/segment-words.ts';
import { nodeAt, periodFromChoice, removeAt, replaceAt } from '../../../../src/features/segments/definition-edit.ts';

const definition: SegmentDefinition = {
  type: 'group',
  op: 'and',
  conditions: [
    { type: 'visits', op: 'gte', value: 5 },
    {
      type: 'group',
      op: 'or',
      conditions: [
        { type: 'total_spent', op: 'gte', value: 50_000 },
        { type: 'birthday', op: 'month', month: 3 },
      ],
    },
  ],
};

describe('adjusting a segment definition in the chat', () => {
  it('replaces one nested condition and leaves the original untouched', () => {
    const next = replaceAt(definition, [1, 0], { type: 'total_spent', op: 'gte', value: 20_000 });
    expect(nodeAt(next, [1, 0])).toEqual({ type: 'total_spent', op: 'gte', value: 20_000 });
    expect(nodeAt(definition, [1, 0])).toEqual({ type: 'total_spent', op: 'gte', value: 50_000 });
    expect(describeDefinition(next)).toEqual(['At least 5 visits in total', 'Spent at least $200 in total or Birthday in March']);
  });

  it('removes a condition, and a nested group that becomes empty goes with it', () => {
    const once = removeAt(definition, [1, 1]);
    expect(nodeAt(once, [1])).toEqual({ type: 'group', op: 'or', conditions: [{ type: 'total_spent', op: 'gte', value: 50_000 }] });
    const twice = removeAt(once, [1, 0]);
    expect(twice.conditions).toEqual([{ type: 'visits', op: 'gte', value: 5 }]);
    expect(describeDefinition(removeAt(twice, [0]))).toEqual(['All customers']);
  });

  it('keeps the number of days when switching back to "in the last … days"', () => {
    expect(periodFromChoice('last_days', { kind: 'last_days', days: 14 })).toEqual({ kind: 'last_days', days: 14 });
    expect(periodFromChoice('last_days', { kind: 'this_year' })).toEqual({ kind: 'last_days', days: 30 });
    expect(periodFromChoice('this_month')).toEqual({ kind: 'this_month' });
  });
});
