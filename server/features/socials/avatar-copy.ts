import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { imageInput } from '../../lib/image-limits.ts';

const SOCIAL_FILE_PREFIX = '/api/v1/files/socials/';
export const FILE_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * TikTok's avatar addresses are signed and expire, and our CSP allows images from ourselves only,
 * so we keep a small copy. Any failure just means no picture.
 */
export async function copyAvatar(deps: Pick<Deps, 'storage' | 'logger'>, sourceUrl: string | null): Promise<string | null> {
  if (!sourceUrl || !/^https?:\/\//.test(sourceUrl)) return null;
  try {
    const response = await fetch(sourceUrl, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_BYTES) return null;
    const type = await fileTypeFromBuffer(bytes);
    if (!type?.mime.startsWith('image/')) return null;
    const webp = await sharp(bytes, imageInput).resize(256, 256, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    const name = `${randomBytes(16).toString('base64url')}.webp`;
    await deps.storage.put(`socials/${name}`, webp, 'image/webp');
    return `${SOCIAL_FILE_PREFIX}${name}`;
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not copy the TikTok avatar');
    return null;
  }
}

export async function deleteAvatarCopy(storage: Deps['storage'], url: string | null) {
  const name = url?.startsWith(SOCIAL_FILE_PREFIX) ? url.slice(SOCIAL_FILE_PREFIX.length) : '';
  if (FILE_NAME.test(name)) await storage.delete(`socials/${name}`);
}
