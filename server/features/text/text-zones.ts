import type { Db } from '../../db/client.ts';
import { recipientTimeZones } from '../sending/recipient-time-zone.ts';

/**
 * Until the owner has set the restaurant's time zone, a guest whose number says nothing about where they
 * are gets texts only in the hours allowed on both US coasts (11:00 to 21:00 Eastern): never too early for
 * anyone in the country Mise serves.
 */
const UNKNOWN_RESTAURANT_ZONES = ['America/New_York', 'America/Los_Angeles'] as const;

export type TextZones = { restaurant: string | null; forPhone: (phone: string | null, now: Date) => readonly string[] };

export async function textZones(db: Db, userId: string): Promise<TextZones> {
  const row = await db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  const restaurant = row?.time_zone ?? null;
  return {
    restaurant,
    forPhone(phone, now) {
      const found = recipientTimeZones(phone, restaurant ?? UNKNOWN_RESTAURANT_ZONES[0], now);
      return found.source === 'restaurant' && !restaurant ? UNKNOWN_RESTAURANT_ZONES : found.timeZones;
    },
  };
}
