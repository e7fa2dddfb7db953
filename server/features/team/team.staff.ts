import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';

/** The restaurant's name as staff see it: the brand name, else the owner's. */
export async function restaurantNameOf(db: Db, owner: Pick<User, 'id' | 'name'>): Promise<string> {
  const brand = await db.selectFrom('brand_settings').select('brand_name').where('user_id', '=', owner.id).executeTakeFirst();
  return brand?.brand_name.trim() || `${owner.name.trim().split(/\s+/)[0] ?? owner.name}'s restaurant`;
}

/** What sign-in and /users/me add for a staff member ({} for an owner, whose answers stay as they were). */
export async function staffFields(db: Db, user: Pick<User, 'team_owner_id'>): Promise<{ role?: 'staff'; restaurantName?: string }> {
  if (!user.team_owner_id) return {};
  const owner = await db.selectFrom('users').select(['id', 'name']).where('id', '=', user.team_owner_id).executeTakeFirst();
  return { role: 'staff', restaurantName: owner ? await restaurantNameOf(db, owner) : '' };
}

