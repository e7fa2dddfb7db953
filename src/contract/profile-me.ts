// GET /users/me's answer, apart from the profile contract (whose phone check carries libphonenumber): every signed-in
// screen reads it at start, so it must stay small. src/contract/profile.ts re-exports all of it.
import * as v from 'valibot';

/** The signed-in user as every screen sees it. `displayName` is the first word of `name` (spec §3). */
const CurrentUserSchema = v.object({
  id: v.string(),
  name: v.string(),
  displayName: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  image: v.nullable(v.string()),
  verified: v.boolean(),
  activeSubscription: v.nullable(v.string()),
  activeSubscriptionStart: v.nullable(v.string()),
  activeSubscriptionEnd: v.nullable(v.string()),
  createdAt: v.string(),
  /** Issue 19: present for a staff member only ('staff'), with the restaurant they joined; an owner's answer is unchanged. */
  role: v.optional(v.picklist(['owner', 'staff'])),
  restaurantName: v.optional(v.string()),
});
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

/** Notification settings: one boolean per kind of message Mise may send the owner. */
export const NOTIFICATION_FLAGS = [
  { id: 'campaignResults', label: 'Campaign results', description: 'When a campaign finishes sending, with opens and clicks.', default: true },
  { id: 'weeklySummary', label: 'Weekly summary', description: 'Every Monday: visits, new customers and what worked.', default: true },
  { id: 'sendReminder', label: 'Before a scheduled send', description: 'Fifteen minutes before a scheduled email or text goes out, with a button to cancel it.', default: true },
  { id: 'importFinished', label: 'Point of sale import', description: 'When customers and orders finish importing.', default: true },
  { id: 'videoReady', label: 'Video ready', description: 'When a video campaign has finished rendering, or could not be made.', default: true },
  { id: 'productNews', label: 'Product news', description: 'New features in Mise, at most once a month.', default: false },
] as const;
export type NotificationFlagId = (typeof NOTIFICATION_FLAGS)[number]['id'];
const NotificationFlagIdSchema = v.picklist(NOTIFICATION_FLAGS.map((flag) => flag.id));
export const NotificationSettingsSchema = v.record(NotificationFlagIdSchema, v.boolean());
export type NotificationSettings = Record<NotificationFlagId, boolean>;

export const MeResponseSchema = v.object({ user: CurrentUserSchema, notifications: NotificationSettingsSchema });
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;
