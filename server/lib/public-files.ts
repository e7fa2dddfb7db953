import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Storage } from '../providers/storage/storage.ts';
import { notFound } from './app-error.ts';

export type PublicFolder = {
  /** Storage folder, e.g. `avatars` for `avatars/<name>`. */
  folder: string;
  /** Names this folder hands out (random, unguessable); anything else is a 404 without touching storage. */
  name: RegExp;
  /** The 404 message. */
  missing: string;
};

/**
 * GET /<name> for files that are public by an unguessable name (profile pictures, brand images that
 * appear in emails, copies of social avatars). A new upload gets a new name, so a name never changes
 * content and can be cached for a year. They may be shown from any origin (Cross-Origin-Resource-Policy:
 * cross-origin): a mail app or webmail page showing a campaign email is another origin, and so is the
 * sandboxed frame that shows a template's thumbnail in the app; the server's default is same-origin.
 */
export function publicFileRoutes(storage: Storage, folder: PublicFolder) {
  return new Hono().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!folder.name.test(name)) throw notFound(folder.missing);
    const stored = await storage.get(`${folder.folder}/${name}`);
    if (!stored) throw notFound(folder.missing);
    return c.body(Readable.toWeb(stored.body) as ReadableStream, 200, {
      'Content-Type': stored.contentType,
      'Content-Length': String(stored.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}
