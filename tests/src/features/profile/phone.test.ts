import { describe, expect, it } from 'vitest';
import { countryOptions, DEFAULT_COUNTRY, formatAsYouType, fromE164, toE164 } from '../../../../src/features/profile/phone.ts';

describe('phone helpers', () => {
  it('defaults to +1', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(fromE164(null)).toEqual({ country: 'US', national: '' });
    expect(countryOptions().find((option) => option.value === 'US')).toMatchObject({ callingCode: '+1', name: 'United States', label: '🇺🇸 +1' });
  });

  it('formats the number as it is typed', () => {
    expect(formatAsYouType('US', '2133734253')).toBe('(213) 373-4253');
    expect(formatAsYouType('GB', '07400123456')).toBe('07400 123456');
  });

  it('joins the country code to the number in E.164, without the trunk 0', () => {
    expect(toE164('US', '(213) 373-4253')).toBe('+12133734253');
    expect(toE164('GB', '07400 123456')).toBe('+447400123456');
    expect(toE164('US', '  ')).toBeUndefined();
  });

  it('splits a stored number back into country and national number', () => {
    expect(fromE164('+447400123456')).toEqual({ country: 'GB', national: '07400 123456' });
    expect(fromE164('+12133734253')).toEqual({ country: 'US', national: '(213) 373-4253' });
  });
});
