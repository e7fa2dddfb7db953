import * as v from 'valibot';

// Apart from brand.ts so the sign-up and sign-in contracts (auth.ts) carry only this, not the whole brand contract.

/** True for an IANA time zone this runtime knows (America/Chicago, Europe/Paris, UTC). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

/** The restaurant's time zone: schedules are picked and shown in it. */
export const TimeZoneSchema = v.pipe(v.string('Time zone must be text'), v.trim(), v.check(isTimeZone, 'Time zone must be a time zone like America/Chicago'));
