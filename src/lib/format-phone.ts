import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored E.164 number the way people write it: "(720) 555-0138" for the +1 numbers most guests have,
 * "+44 20 7946 0958" for others; the text as stored when it does not parse.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}
