import { describe, expect, it } from 'vitest';
import { historyTitle } from '../../../../src/contract/ask.ts';
import { formatTick, formatValue, isDrawn, shortLabel } from '../../../../src/features/ask/ask-format.ts';
import { groupHistory, historyGroupOf } from '../../../../src/features/ask/ask-history-groups.ts';

describe('history groups (Today, Yesterday, Previous 7 days, Older)', () => {
  // Friday 27 November 2026, 09:00 on this device.
  const now = new Date(2026, 10, 27, 9, 0);
  const at = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();

  it('groups by calendar day on the device, not by 24-hour spans', () => {
    expect(historyGroupOf(at(27, 0), now)).toBe('Today');
    expect(historyGroupOf(at(26, 23), now)).toBe('Yesterday');
    expect(historyGroupOf(at(26, 0), now)).toBe('Yesterday');
    expect(historyGroupOf(at(25), now)).toBe('Previous 7 days');
    expect(historyGroupOf(at(20), now)).toBe('Previous 7 days');
    expect(historyGroupOf(at(19), now)).toBe('Older');
    expect(historyGroupOf(new Date(2025, 10, 27).toISOString(), now)).toBe('Older');
  });

  it('lists groups in order, newest first inside each, and leaves empty groups out', () => {
    const items = [
      { id: 'old', timestamp: at(1) },
      { id: 'morning', timestamp: at(27, 7) },
      { id: 'week', timestamp: at(23) },
      { id: 'early', timestamp: at(27, 1) },
    ];
    expect(groupHistory(items, now).map(({ group, items: list }) => [group, list.map((i) => i.id)])).toEqual([
      ['Today', ['morning', 'early']],
      ['Previous 7 days', ['week']],
      ['Older', ['old']],
    ]);
  });
});

describe('history titles: 35 characters (spec §9)', () => {
  it('keeps a short title and cuts a long one on a word, with an ellipsis', () => {
    expect(historyTitle('Who are my top customers?')).toBe('Who are my top customers?');
    const cut = historyTitle('How did Tuesdays do this month compared with last month?');
    expect(cut).toBe('How did Tuesdays do this month…');
    expect(cut.length).toBeLessThanOrEqual(35);
    expect(historyTitle('x'.repeat(80))).toHaveLength(35);
  });
});

describe('figures as the owner reads them', () => {
  it('money with cents only when there are cents; counts plain; short ticks', () => {
    expect(formatValue(1240, 'dollars')).toBe('$1,240');
    expect(formatValue(27.5, 'dollars')).toBe('$27.50');
    expect(formatValue(38, 'count')).toBe('38');
    expect(formatTick(1000, 'dollars')).toBe('$1k');
    expect(formatTick(1240, 'dollars')).toBe('$1.2k');
    expect(formatTick(823.78, 'dollars')).toBe('$824');
    expect(formatTick(15_488, 'count')).toBe('15k');
  });

  it('cuts a long bar name to 15 characters, on a word where one is near', () => {
    expect(shortLabel('Alice Adams')).toBe('Alice Adams');
    expect(shortLabel('Demo: Weekend brunch')).toBe('Demo: Weekend…');
    expect(shortLabel('Big spenders this year')).toBe('Big spenders…');
    expect(shortLabel('Supercalifragilistic')).toBe('Supercalifragi…');
    expect(shortLabel('Demo: Weekend brunch').length).toBeLessThanOrEqual(15);
  });

  it('draws only the four chart types, and only with figures', () => {
    const graph = (graph_type: string, values: number[] = [1]) => ({ graph_type, title: 't', data: { labels: values.map(String), values } });
    expect(isDrawn(graph('bar'))).toBe(true);
    expect(isDrawn(graph('pie'))).toBe(true);
    expect(isDrawn(graph('none'))).toBe(false);
    expect(isDrawn(graph('radar'))).toBe(false);
    expect(isDrawn(graph('bar', []))).toBe(false);
    expect(isDrawn(null)).toBe(false);
  });
});
