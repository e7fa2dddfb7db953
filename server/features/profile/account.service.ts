import { sql } from 'kysely';
import { NOTIFICATION_FLAGS, type CurrentUser, type NotificationFlagId, type NotificationSettings } from '../../../src/contract/profile.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { sessionSubscription } from '../subscriptions/subscriptions.service.ts';

export type SubscriptionSummary = Pick<CurrentUser, 'activeSubscription' | 'activeSubscriptionStart' | 'activeSubscriptionEnd'>;

/**
 * The one place sign-in and /users/me learn the user's plan: the subscriptions table (issue 6).
 * No paid plan in force gives nulls, which the client treats as Free (spec §4).
 */
export async function subscriptionSummary(db: Db, userId: string, now = new Date()): Promise<SubscriptionSummary> {
  return sessionSubscription(db, userId, now);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
}

const displayNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export function toCurrentUser(user: User, summary: SubscriptionSummary): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    displayName: displayNameOf(user.name),
    email: user.email,
    phoneNumber: user.phone_number,
    image: user.image_url,
    verified: user.verified_at !== null,
    ...summary,
    createdAt: user.created_at.toISOString(),
  };
}

/** Stored flags over the defaults of the flag list, so a flag added later starts at its default. */
export function notificationSettings(stored: Record<string, boolean> | null): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag.id, stored?.[flag.id] ?? flag.default])) as NotificationSettings;
}

/** One flag at a time, merged in SQL so two quick toggles of different flags cannot overwrite each other. */
export async function setNotificationFlag(db: Db, userId: string, flag: NotificationFlagId, value: boolean, now: Date) {
  const row = await db
    .updateTable('users')
    .set({ notifications: sql`notifications || ${JSON.stringify({ [flag]: value })}::jsonb`, updated_at: now })
    .where('id', '=', userId)
    .returning('notifications')
    .executeTakeFirstOrThrow();
  return notificationSettings(row.notifications);
}

/** A user id in a path or body must be the caller's own; anything else looks like it does not exist. */
export function assertOwnId(callerId: string, id: string) {
  if (id !== callerId) throw notFound('No such user');
}
