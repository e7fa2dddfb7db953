import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

// Spec §3/§9: the country code defaults to +1.
export const DEFAULT_COUNTRY: CountryCode = 'US';

export type CountryOption = { value: CountryCode; label: string; name: string; callingCode: string; flag: string };

const flagOf = (country: string) => String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

let cached: CountryOption[] | undefined;

/** Every country libphonenumber knows, named in the phone's language, sorted by name. */
export function countryOptions(locale?: string): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' });
  cached = getCountries()
    .map((country) => {
      const callingCode = `+${getCountryCallingCode(country)}`;
      const flag = flagOf(country);
      return { value: country, name: names.of(country) ?? country, callingCode, flag, label: `${flag} ${callingCode}` };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}

/** Formats the national number as it is typed ('2133734253' → '(213) 373-4253'). */
export const formatAsYouType = (country: CountryCode, value: string) => new AsYouType(country).input(value);

/** The country code joined to the number, in E.164; undefined when no digits were typed. */
export function toE164(country: CountryCode, national: string): string | undefined {
  const digits = national.replace(/\D/g, '');
  if (!digits) return undefined;
  // A national trunk prefix (the 0 of UK 07…) must not end up after the country code.
  return parsePhoneNumberFromString(national, country)?.number ?? `+${getCountryCallingCode(country)}${digits}`;
}

/** Splits a stored E.164 number back into the picker and the box. */
export function fromE164(phone: string | null): { country: CountryCode; national: string } {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  if (!parsed) return { country: DEFAULT_COUNTRY, national: '' };
  return { country: parsed.country ?? DEFAULT_COUNTRY, national: parsed.formatNational() };
}
