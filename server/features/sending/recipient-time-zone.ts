// Where a text lands, for quiet hours: the time zones of a phone number.
// - +1 (US, Canada and the Caribbean): the area code, from Google libphonenumber's prefix map
//   (nanp-time-zones.ts). An area code that spans zones keeps all of them; the window is then the hours
//   allowed in every one, so nobody is texted early or late.
// - Any other country (libphonenumber-js): the country's zones (countries-and-timezones, from the IANA tz
//   database), when they lie within 3 hours of each other (Germany, Spain, Mexico...); a wider country
//   (Russia, Brazil...) cannot be narrowed down from the number alone.
// - Otherwise (unknown area code, wide country, not a number): the restaurant's zone.
import { getCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { NANP_TIME_ZONE_ROWS } from './nanp-time-zones.ts';
import { offsetMinutes } from '../../../src/contract/zoned-time.ts';

export type RecipientTimeZones = {
  /** One zone, or the few an area code or country spans (quiet hours must hold in all). */
  timeZones: readonly string[];
  source: 'area-code' | 'country' | 'restaurant';
};

/** A country whose zones span more than this is not narrowed down by its number. */
const MAX_ZONE_SPREAD_MINUTES = 180;

const byAreaCode = new Map<string, readonly string[]>();
for (const [zones, codes] of NANP_TIME_ZONE_ROWS) {
  const list = Object.freeze(zones.split(' '));
  for (const code of codes.split(' ')) byAreaCode.set(code, list);
}

/** The zones of a North American area code ('212' → America/New_York), or null when unknown. */
export const areaCodeTimeZones = (areaCode: string): readonly string[] | null => byAreaCode.get(areaCode) ?? null;

const NANP = /^\+1(\d{3})\d{7}$/;

/** `phone` in E.164, as customers are stored. `now` matters only for how far apart a country's zones are today. */
export function recipientTimeZones(phone: string | null | undefined, restaurantTimeZone: string, now = new Date()): RecipientTimeZones {
  const restaurant: RecipientTimeZones = { timeZones: [restaurantTimeZone], source: 'restaurant' };
  if (!phone) return restaurant;
  const nanp = NANP.exec(phone);
  if (nanp) {
    const zones = byAreaCode.get(nanp[1]!);
    return zones ? { timeZones: zones, source: 'area-code' } : restaurant;
  }
  const country = parsePhoneNumberFromString(phone)?.country;
  if (!country) return restaurant;
  return countryTimeZones(country, now) ?? restaurant;
}

const byCountry = new Map<string, { hour: number; result: RecipientTimeZones | null }>();

/** A country's zones when they are close enough to share a window; cached per hour (DST moves the spread). */
function countryTimeZones(country: string, now: Date): RecipientTimeZones | null {
  const hour = Math.floor(now.getTime() / 3_600_000);
  const cached = byCountry.get(country);
  if (cached?.hour === hour) return cached.result;
  const zones = getCountry(country)?.timezones ?? [];
  const offsets = zones.map((zone) => offsetMinutes(now, zone));
  const result: RecipientTimeZones | null =
    zones.length && Math.max(...offsets) - Math.min(...offsets) <= MAX_ZONE_SPREAD_MINUTES ? { timeZones: zones, source: 'country' } : null;
  byCountry.set(country, { hour, result });
  return result;
}
