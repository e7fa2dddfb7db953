import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../src/contract/group-digits.ts';

// The home's figures are written without Intl; they must read exactly as en-US writes them.
describe('groupDigits', () => {
  const cases = [0, 1, 9, 12, 999, 1000, 1005, 9999, 12480, 100000, 999999, 1000000, 1234567, 987654321, 2 ** 31, -1, -999, -1000, -1005, -1234567, 1234.4, 1234.5, 999.5, -0.4, 0.5];
  it.each(cases)('%d', (n) => {
    // `|| 0`: Intl writes a negative zero "-0"; a figure never should.
    expect(groupDigits(n)).toBe((Math.round(n) || 0).toLocaleString('en-US'));
  });
});
