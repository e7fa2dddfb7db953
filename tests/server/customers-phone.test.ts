import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { toE164 } from '../../src/contract/customers.ts';
import { normalizePhone } from '../../server/features/customers/phone.ts';

describe('phone numbers to E.164', () => {
  it('agrees with libphonenumber on random +1 numbers (the six-digit prefix cache is exact)', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let valid = 0;
    for (let i = 0; i < 4000; i += 1) {
      const digits = String(Math.floor(2_000_000_000 + random() * 7_999_999_999)).slice(0, 10);
      const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
      const expected = toE164(formatted, 'US');
      expect(normalizePhone(formatted), formatted).toBe(expected);
      if (expected) valid += 1;
    }
    // Both outcomes were exercised.
    expect(valid).toBeGreaterThan(500);
    expect(valid).toBeLessThan(4000);
  });

  it('reads common ways of writing a number', () => {
    expect(normalizePhone('415-555-0134')).toBe('+14155550134');
    expect(normalizePhone('1 (415) 555 0134')).toBe('+14155550134');
    expect(normalizePhone('+1.415.555.0134')).toBe('+14155550134');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+33 1 42 68 53 00')).toBe('+33142685300');
    expect(normalizePhone('555-0134')).toBeNull();
    expect(normalizePhone('call me')).toBeNull();
    expect(normalizePhone('   ')).toBeNull();
  });

  it('covers every country sharing +1 through the same path', () => {
    const nanp = getCountries().filter((country) => getCountryCallingCode(country) === '1');
    expect(nanp).toContain('CA');
    // A Toronto number is valid under the US default too, as libphonenumber says.
    expect(normalizePhone('(416) 555-0199')).toBe(toE164('(416) 555-0199', 'US'));
  });
});
