import { describe, expect, it } from 'vitest';
import { greetingFor } from '../../../../src/features/home/greeting.ts';

const at = (hour: number) => new Date(2026, 2, 13, hour, 30);

describe('greetingFor', () => {
  it('follows the local time of day', () => {
    expect(greetingFor(at(7), 'Rosa')).toBe('Good morning, Rosa');
    expect(greetingFor(at(12), 'Rosa')).toBe('Good afternoon, Rosa');
    expect(greetingFor(at(19), 'Rosa')).toBe('Good evening, Rosa');
    // Closing up after midnight is still the evening shift.
    expect(greetingFor(at(1), 'Rosa')).toBe('Good evening, Rosa');
  });

  it('leaves the name out when there is none', () => {
    expect(greetingFor(at(9), '')).toBe('Good morning');
  });
});
