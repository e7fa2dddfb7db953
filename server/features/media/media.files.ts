import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ByteRange, Storage } from '../../providers/storage/storage.ts';
import { MEDIA_VARIANTS, type MediaUrlSigner, type MediaVariant } from './media.urls.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only; several ranges get the whole file). */
function parseRange(header: string | undefined): { start?: number; end?: number; suffix?: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return null;
  return { start, end };
}

/**
 * GET /api/v1/media/files/:id/:variant?exp&sig — the bytes of a file, thumbnail or preview.
 * No bearer header (an <img> cannot send one): the signed URL is the proof of ownership.
 */
export async function serveMediaFile(c: Context, deps: { db: Db; storage: Storage; signer: MediaUrlSigner; now: () => Date }) {
  const id = c.req.param('id') ?? '';
  const variant = c.req.param('variant') ?? '';
  if (!UUID.test(id) || !(MEDIA_VARIANTS as readonly string[]).includes(variant)) throw notFound('Media not found');
  const verdict = deps.signer.check(id, variant, c.req.query('exp'), c.req.query('sig'), deps.now());
  if (verdict === 'forged') throw new AppError(403, 'This media link is not valid', 'forbidden');
  if (verdict === 'expired') throw new AppError(403, 'This media link has expired; reload the page for a new one', 'forbidden');

  const row = await deps.db
    .selectFrom('media')
    .select(['file_key', 'thumb_key', 'preview_key', 'name'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const keys: Record<MediaVariant, string | null | undefined> = { file: row?.file_key, thumb: row?.thumb_key, preview: row?.preview_key };
  const key = keys[variant as MediaVariant];
  if (!row || !key) throw notFound('Media not found');

  // Bytes behind an id and variant never change, so the ETag is the pair.
  return serveStored(c, deps.storage, key, `"${id}-${variant}"`, Number(c.req.query('exp')), deps.now());
}

/**
 * The bytes under a storage key, with Range (206 / 416), a conditional GET on `etag` and a private cache
 * until the signed link's expiry `exp` (epoch seconds). Shared by media files and generated audios.
 */
export async function serveStored(c: Context, storage: Storage, key: string, etag: string, exp: number, now: Date) {
  const maxAge = Math.max(0, Math.min(exp - Math.floor(now.getTime() / 1000), 86_400));
  const common: Record<string, string> = {
    'Cache-Control': `private, max-age=${maxAge}, immutable`,
    ETag: etag,
    'Accept-Ranges': 'bytes',
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, common);

  const asked = parseRange(c.req.header('range'));
  let range: ByteRange | undefined;
  if (asked?.suffix !== undefined) {
    // A suffix range needs the size first.
    const whole = await storage.get(key);
    if (!whole) throw notFound('File not found');
    whole.body.destroy();
    range = { start: Math.max(0, whole.size - asked.suffix), end: whole.size - 1 };
  } else if (asked) {
    range = { start: asked.start ?? 0, end: asked.end };
  }
  const stored = await storage.get(key, range);
  if (!stored) throw notFound('File not found');
  if (range && range.start >= stored.size) {
    stored.body.destroy();
    return c.body(null, 416, { ...common, 'Content-Range': `bytes */${stored.size}` });
  }
  const headers: Record<string, string> = {
    ...common,
    'Content-Type': stored.contentType,
    'Content-Disposition': 'inline',
  };
  const body = Readable.toWeb(stored.body) as unknown as ReadableStream;
  if (range && stored.range) {
    headers['Content-Range'] = `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`;
    headers['Content-Length'] = String(stored.range.end - stored.range.start + 1);
    return c.body(body, 206, headers);
  }
  headers['Content-Length'] = String(stored.size);
  return c.body(body, 200, headers);
}
