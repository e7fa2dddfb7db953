import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Context } from 'hono';
import { MEDIA_UPLOADS_PATH } from '../../../src/contract/media.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { tooLarge, type MediaLimits } from './media.ingest.ts';
import { reserveUploadSpace, type UploadQuota } from './media.quota.ts';

/**
 * Resumable uploads (tus 1.0) for files over ~5 MB. The bytes land in DATA_DIR/media-uploads;
 * `POST /media/add` with `uploadId` then checks them and moves them to storage. Each upload
 * belongs to the user who created it (media_uploads); anyone else gets 404.
 *
 * One process keeps the upload locks in memory: with several instances, route an upload's
 * requests to one instance (or swap in @tus/s3-store and a shared locker).
 */
export type MediaUploads = {
  directory: string;
  store: FileStore;
  handle: (c: Context, userId: string) => Promise<Response>;
  /** The finished upload's file and declared type, or an error (404 not theirs, 409 not finished). */
  finished: (userId: string, id: string) => Promise<{ file: string; mimeType: string | undefined; size: number }>;
  remove: (id: string) => Promise<void>;
};

/** `Upload-Metadata: filetype aW1hZ2UvanBlZw==,filename ...` → { filetype: 'image/jpeg', ... } */
function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export function mediaUploads(options: { db: Db; dataDir: string; limits: MediaLimits; quota: UploadQuota; now: () => Date }): MediaUploads {
  const directory = path.join(options.dataDir, 'media-uploads');
  const { limits, db } = options;
  // Built on first use: FileStore creates its directory in the background when constructed, and an app that is
  // built and dropped (tests, the job runner) must not race whoever removes DATA_DIR afterwards.
  let tus: { store: FileStore; server: Server } | undefined;
  const lazy = () => {
    if (!tus) {
      fs.mkdirSync(directory, { recursive: true });
      const store = new FileStore({ directory });
      tus = { store, server: new Server({ path: MEDIA_UPLOADS_PATH, datastore: store, relativeLocation: true, maxSize: Math.max(limits.image, limits.video) }) };
    }
    return tus;
  };

  // tus ids are the store's own (hex); anything else (a NUL, a path, 10 KB of junk) is no upload of anyone's, and never
  // reaches the database as text it cannot store.
  const owned = async (userId: string, id: string) =>
    !/^[A-Za-z0-9_-]{1,128}$/.test(id)
      ? undefined
      : db.selectFrom('media_uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

  return {
    directory,
    get store() {
      return lazy().store;
    },

    async handle(c, userId) {
      const method = c.req.method;
      const id = c.req.param('id');
      if (method === 'POST') {
        if (id) throw notFound('No such upload');
        const lengthHeader = c.req.header('upload-length');
        if (!lengthHeader || !/^\d+$/.test(lengthHeader)) {
          throw new AppError(400, 'Upload-Length: the size of the file is required', 'validation');
        }
        const size = Number(lengthHeader);
        const kind = (parseUploadMetadata(c.req.header('upload-metadata')).filetype ?? '').split('/')[0];
        // The declared type picks the limit now; the real type is sniffed when the upload is used.
        if (kind === 'image' && size > limits.image) throw tooLarge('image', limits);
        if (kind === 'video' && size > limits.video) throw tooLarge('video', limits);
        if (size > Math.max(limits.image, limits.video)) throw tooLarge('file', limits);
        // The user's pending uploads (count and bytes) are checked before the upload exists.
        const release = await reserveUploadSpace({ db, now: options.now, quota: options.quota }, userId, size);
        try {
          const response = await lazy().server.handleWeb(c.req.raw);
          const created = /\/uploads\/([A-Za-z0-9_-]+)$/.exec(response.headers.get('location') ?? '')?.[1];
          if (response.status === 201 && created) {
            await db.insertInto('media_uploads').values({ id: created, user_id: userId, size, created_at: options.now() }).execute();
          }
          return response;
        } finally {
          release();
        }
      }
      if (method !== 'OPTIONS') {
        if (!id) throw notFound('No such upload');
        const row = await owned(userId, id);
        if (!row || row.consumed_at) throw notFound('No such upload');
      }
      const response = await lazy().server.handleWeb(c.req.raw);
      // A cancelled upload frees its place in the user's quota at once.
      if (method === 'DELETE' && id && response.status === 204) await db.deleteFrom('media_uploads').where('id', '=', id).where('user_id', '=', userId).execute();
      return response;
    },

    async finished(userId, id) {
      const row = await owned(userId, id);
      if (!row || row.consumed_at) throw notFound('Upload not found');
      const upload = await lazy().store.getUpload(id).catch(() => null);
      if (!upload) throw notFound('Upload not found');
      if (upload.size === undefined || upload.offset < upload.size) {
        throw new AppError(409, 'The upload is not finished yet', 'conflict');
      }
      return { file: path.join(directory, id), mimeType: upload.metadata?.filetype ?? undefined, size: upload.offset };
    },

    async remove(id) {
      await lazy().store.remove(id).catch(() => undefined);
    },
  };
}
