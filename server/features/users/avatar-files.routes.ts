import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { AVATAR_NAME } from './profile-image.ts';

/** GET /api/v1/files/avatars/<random-id>.webp: public by unguessable name (see storeAvatar). */
export const avatarFileRoutes = (deps: Deps) =>
  new Hono().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!AVATAR_NAME.test(name)) throw notFound('No such picture');
    const stored = await deps.storage.get(`avatars/${name}`);
    if (!stored) throw notFound('No such picture');
    return c.body(Readable.toWeb(stored.body) as ReadableStream, 200, {
      'Content-Type': stored.contentType,
      'Content-Length': String(stored.size),
      // A new upload gets a new name, so this one never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
