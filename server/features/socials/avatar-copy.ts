import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';

export const SOCIAL_FILE_PREFIX = '/api/v1/files/socials/';
const FILE_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
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
    const webp = await sharp(bytes, { limitInputPixels: 20_000_000 }).resize(256, 256, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
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

/** GET /api/v1/files/socials/<random>.webp: public by unguessable name, like avatars. */
export const socialFileRoutes = (deps: Deps) =>
  new Hono().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!FILE_NAME.test(name)) throw notFound('No such picture');
    const stored = await deps.storage.get(`socials/${name}`);
    if (!stored) throw notFound('No such picture');
    return c.body(Readable.toWeb(stored.body) as ReadableStream, 200, {
      'Content-Type': stored.contentType,
      'Content-Length': String(stored.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
