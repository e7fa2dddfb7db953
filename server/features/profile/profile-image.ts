import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../src/contract/profile.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { imageInput } from '../../lib/image-limits.ts';

const AVATAR_URL_PREFIX = '/api/v1/files/avatars/';
const AVATAR_SIZE = 512;
// The file's bytes decide, never its name or the browser's claimed type. HEIC/HEIF/AVIF are tried:
// sharp's bundled libheif reads AVIF but not every HEIC, and an unreadable one gets a clear 415.
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif']);
const unsupported = () =>
  new AppError(415, 'The picture must be a JPEG, PNG, WebP, GIF or HEIC image', 'unsupported_media_type');

/**
 * Sniffs, then re-encodes: rotate() applies the EXIF orientation, the output carries no metadata
 * (no GPS from a phone camera), and a 512 px square WebP is plenty for an avatar.
 */
export async function toAvatarWebp(file: File): Promise<Buffer> {
  if (file.size > PROFILE_IMAGE_MAX_BYTES) {
    throw new AppError(413, `The picture is too large: the limit is ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`, 'payload_too_large');
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw unsupported();
  try {
    return await sharp(bytes, imageInput)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError(415, 'This picture could not be read. Try a JPEG or PNG.', 'unsupported_media_type');
  }
}

/**
 * Avatars are served without a bearer token (an <img> cannot send one), so the name is 128 random
 * bits: unguessable, and a new name per upload lets the file be cached forever.
 */
export async function storeAvatar(storage: Storage, webp: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString('base64url')}.webp`;
  await storage.put(`avatars/${name}`, webp, 'image/webp');
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes an avatar we stored; URLs from elsewhere (none today) are left alone. */
export async function deleteAvatar(storage: Storage, url: string | null) {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (AVATAR_NAME.test(name)) await storage.delete(`avatars/${name}`);
}

export const AVATAR_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
