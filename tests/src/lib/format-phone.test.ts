import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src/lib/format-phone.ts';

describe('formatPhone', () => {
  it('shows +1 numbers in national form, others in international form, and leaves the unreadable alone', () => {
    expect(formatPhone('+17205550138')).toBe('(720) 555-0138');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});
