import sharp from 'sharp';
import type { TestAccount } from '../helpers/accounts.ts';
import { call, type TestApp } from '../helpers/test-app.ts';

export const BRAND = {
  brandName: 'La Cocina',
  website: 'lacocina.example.com',
  location: '12 Main St, Austin, TX',
  theme: '#2E7D32',
  brandVoice: ['warm', 'playful', 'local'],
  description: 'A family taqueria with fresh tortillas every morning.',
};

export async function setBrand(t: TestApp, account: TestAccount, brand: Partial<typeof BRAND> = BRAND) {
  const res = await call(t.app, 'POST', `/api/v1/users/settings/${account.userId}`, brand, account.token);
  if (res.status !== 200) throw new Error(`brand: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A photo in the owner's media library, as an upload leaves it (row and stored file). */
export async function addPhoto(t: TestApp, userId: string, description: string, createdAt = new Date()) {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  const row = await t.deps.db
    .insertInto('media')
    .values({ user_id: userId, name: `${description}.jpg`, description, type: 'image', mime_type: 'image/jpeg', size: bytes.length, width: 800, height: 600, created_at: createdAt, updated_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = `media/${userId}/${row.id}.jpg`;
  await t.deps.storage.put(key, bytes, 'image/jpeg', bytes.length);
  await t.deps.db.updateTable('media').set({ file_key: key }).where('id', '=', row.id).execute();
  return row.id;
}

/** The owner on a paid plan for a month (as a finished upgrade leaves them), so plan limits do not get in a test's way. */
export async function givePlan(t: TestApp, userId: string, planId: 'basic' | 'professional' | 'premium' = 'premium') {
  const now = new Date();
  await t.deps.db
    .insertInto('subscriptions')
    .values({ user_id: userId, plan_id: planId, status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now })
    .execute();
}
