import { PhoneNumber } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { toE164 } from '../../../src/contract/customers.ts';

// libphonenumber takes 50-100 µs a number, which alone would cap a CSV import near 20,000 rows/s.
// For +1 numbers its validity patterns depend only on the first six national digits (area code and
// exchange; the last four are always \d{4}), so the verdict is cached per six-digit prefix.
// tests/server/customers-phone.test.ts checks this against libphonenumber itself.
const verdictByPrefix = new Map<string, boolean>();
const PLAIN_NUMBER = /^[\d\s().+-]+$/;

/** E.164, or null when the text is not a valid phone number (US default country). */
export function normalizePhone(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (PLAIN_NUMBER.test(text)) {
    let digits = text.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    else if (text.startsWith('+') || digits.length !== 10) digits = '';
    if (digits.length === 10) {
      const prefix = digits.slice(0, 6);
      let valid = verdictByPrefix.get(prefix);
      if (valid === undefined) {
        // Valid as a US number (3x cheaper to ask) is valid; otherwise another +1 country may claim it.
        valid = new PhoneNumber(`+1${digits}`, metadata).isValid() || toE164(`+1${digits}`) !== null;
        verdictByPrefix.set(prefix, valid);
      }
      return valid ? `+1${digits}` : null;
    }
  }
  return toE164(text);
}
