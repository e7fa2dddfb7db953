import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { imageInput } from '../../lib/image-limits.ts';

/** `/api/v1/files/email-images/<name>`: photos in emails are public by an unguessable name, like brand images. */
const EMAIL_IMAGE_PREFIX = '/api/v1/files/email-images/';
export const EMAIL_IMAGE_NAME = /^[A-Za-z0-9_-]{22}\.jpg$/;
const MAX_WIDTH = 1200;

type ImageDeps = Pick<Deps, 'db' | 'storage' | 'logger'>;

/**
 * The address of each photo as an email shows it: a JPEG copy of the library item (every mail client reads
 * JPEG; not all read WebP), made once per photo and kept, so emails already sent still show it after the
 * library item is deleted. Ids that are not the owner's live images are left out (the block shows an empty
 * photo slot in the preview and nothing in a sent email).
 */
export async function emailImageUrls(deps: ImageDeps, userId: string, mediaIds: readonly string[]): Promise<Record<string, string>> {
  const ids = [...new Set(mediaIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return {};
  const known = await deps.db.selectFrom('email_images').select(['media_id', 'name']).where('user_id', '=', userId).where('media_id', 'in', ids).execute();
  const urls: Record<string, string> = Object.fromEntries(known.map((row) => [row.media_id, `${EMAIL_IMAGE_PREFIX}${row.name}`]));
  const missing = ids.filter((id) => !urls[id]);
  if (missing.length === 0) return urls;
  const items = await deps.db
    .selectFrom('media')
    .select(['id', 'file_key', 'preview_key'])
    .where('user_id', '=', userId)
    .where('id', 'in', missing)
    .where('type', '=', 'image')
    .where('deleted_at', 'is', null)
    .execute();
  for (const item of items) {
    const name = await copyForEmail(deps, userId, item.id, item.file_key ?? item.preview_key);
    if (name) urls[item.id] = `${EMAIL_IMAGE_PREFIX}${name}`;
  }
  return urls;
}

async function copyForEmail(deps: ImageDeps, userId: string, mediaId: string, key: string | null): Promise<string | null> {
  if (!key) return null;
  const stored = await deps.storage.get(key);
  if (!stored) return null;
  try {
    const jpeg = await sharp(await buffer(stored.body), imageInput)
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    const name = `${randomBytes(16).toString('base64url')}.jpg`;
    await deps.storage.put(`email-images/${name}`, jpeg, 'image/jpeg', jpeg.length);
    // Two requests copying the same photo at once: the first row wins and the other copy is dropped.
    const inserted = await deps.db
      .insertInto('email_images')
      .values({ user_id: userId, media_id: mediaId, name })
      .onConflict((oc) => oc.columns(['user_id', 'media_id']).doNothing())
      .returning('name')
      .executeTakeFirst();
    if (inserted) return name;
    await deps.storage.delete(`email-images/${name}`);
    const winner = await deps.db.selectFrom('email_images').select('name').where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();
    return winner?.name ?? null;
  } catch (error) {
    deps.logger.warn({ err: error, mediaId }, 'could not make the email copy of a photo');
    return null;
  }
}
