import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, MemoryLocker, Server, type DataStore, type KvStore, type Locker } from '@tus/server';
import type { Context } from 'hono';
import { MEDIA_UPLOADS_PATH } from '../../../src/contract/media.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Deps } from '../../deps.ts';
import { s3Config } from '../../providers/storage/create-storage.ts';
import { s3ClientConfig, type S3Config } from '../../providers/storage/s3.ts';
import { mediaLimits, tooLarge, type MediaLimits } from './media.ingest.ts';
import { reserveUploadSpace, uploadQuota, type UploadQuota } from './media.quota.ts';
import { PostgresLocker } from './media.tus-lock.ts';

/**
 * Resumable uploads (tus 1.0) for files over ~5 MB. `POST /media/add` with `uploadId` then checks the bytes and moves
 * them to storage. Each upload belongs to the user who created it (media_uploads); anyone else gets 404.
 *
 * Where the bytes and the locks live follows the configuration, so that several servers can share an upload:
 * - with S3_BUCKET, in the bucket (@tus/s3-store: a multipart upload, a `.info` object and a `.part` object for a tail
 *   under 5 MiB, all under the upload's id `tus-<hex>`), read from the bucket on every request (no per-process cache),
 *   else in DATA_DIR/media-uploads (@tus/file-store);
 * - with DATABASE_URL, the lock that keeps two PATCHes of one upload from writing at once is a PostgreSQL advisory lock
 *   (media.tus-lock.ts), else in memory (PGlite is one process's database).
 * A PATCH may then land on any server; a second PATCH of the same upload, on any server, asks the first to finish and
 * waits for it.
 */
export type MediaUploads = {
  directory: string;
  handle: (c: Context, userId: string) => Promise<Response>;
  /** The finished upload as a local file and its declared type, or an error (404 not theirs, 409 not finished). */
  finished: (userId: string, id: string) => Promise<{ file: string; mimeType: string | undefined; size: number }>;
  remove: (id: string) => Promise<void>;
};

/** @tus/s3-store keeps each upload's `.info` in a per-process cache by default: another server may have changed it. */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/** The S3 store, and what it leaves behind on removal: a completed upload's object, its `.info` and its `.part`. */
class UploadsS3Store extends S3Store {
  async purge(id: string) {
    // Aborts the multipart upload if it is still open (it fails, without deleting anything, once it was completed).
    await this.remove(id).catch(() => undefined);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
    });
  }
}

/** `Upload-Metadata: filetype aW1hZ2UvanBlZw==,filename ...` → { filetype: 'image/jpeg', ... } */
function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

function mediaUploads(options: {
  db: Db;
  dataDir: string;
  limits: MediaLimits;
  quota: UploadQuota;
  now: () => Date;
  /** The shared bucket (S3_*): uploads go there instead of DATA_DIR. */
  s3?: S3Config;
  /** PostgreSQL (DATABASE_URL): the upload locks go there instead of memory. */
  databaseUrl?: string;
  onLockError?: (error: Error) => void;
}): MediaUploads {
  const directory = path.join(options.dataDir, 'media-uploads');
  const { limits, db, s3 } = options;
  // Built on first use: FileStore creates its directory in the background when constructed, and an app that is
  // built and dropped (tests, the job runner) must not race whoever removes DATA_DIR afterwards; the locker's
  // connection is opened by the first PATCH.
  let tus: { store: DataStore; s3Store: UploadsS3Store | undefined; server: Server } | undefined;
  const lazy = () => {
    if (!tus) {
      fs.mkdirSync(directory, { recursive: true });
      const s3Store = s3
        ? new UploadsS3Store({
            cache: noCache,
            // As for media: no aws-chunked trailers that some S3-compatible stores refuse.
            s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
          })
        : undefined;
      const store: DataStore = s3Store ?? new FileStore({ directory });
      const locker: Locker = options.databaseUrl ? new PostgresLocker({ connectionString: options.databaseUrl, onError: options.onLockError }) : new MemoryLocker();
      tus = {
        store,
        s3Store,
        server: new Server({
          path: MEDIA_UPLOADS_PATH,
          datastore: store,
          locker,
          relativeLocation: true,
          maxSize: Math.max(limits.image, limits.video),
          // Another request kept the upload for 30 s (tus would say 500): busy, not broken, as tusd answers it.
          onResponseError: (_req, error) => (error === ERRORS.ERR_LOCK_TIMEOUT ? { status_code: 423, body: 'This upload is being written by another request. Try again in a moment.\n' } : undefined),
          // In a shared bucket, one prefix for what tus writes beside the media library's `media/...` keys.
          ...(s3Store ? { namingFunction: () => `tus-${randomBytes(16).toString('hex')}` } : {}),
        }),
      };
    }
    return tus;
  };

  /** An S3 upload's bytes are fetched once to DATA_DIR/media-uploads/<id> to be checked and ingested like a file. */
  const localCopy = async (store: UploadsS3Store, id: string) => {
    const file = path.join(directory, id);
    if (fs.existsSync(file)) return file;
    const temp = `${file}.${randomBytes(6).toString('hex')}.download`;
    try {
      await pipeline(await store.read(id), fs.createWriteStream(temp));
      await fsp.rename(temp, file);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    return file;
  };

  // tus ids are the store's own (hex); anything else (a NUL, a path, 10 KB of junk) is no upload of anyone's, and never
  // reaches the database as text it cannot store.
  const owned = async (userId: string, id: string) =>
    !/^[A-Za-z0-9_-]{1,128}$/.test(id)
      ? undefined
      : db.selectFrom('media_uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

  return {
    directory,

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
      const { s3Store } = lazy();
      const file = s3Store ? await localCopy(s3Store, id) : path.join(directory, id);
      return { file, mimeType: upload.metadata?.filetype ?? undefined, size: upload.offset };
    },

    async remove(id) {
      const { store, s3Store } = lazy();
      if (s3Store) {
        await s3Store.purge(id).catch(() => undefined);
        await fsp.rm(path.join(directory, id), { force: true });
      } else await store.remove(id).catch(() => undefined);
    },
  };
}

/** The uploads as the server's configuration has them (S3_* for the bytes, DATABASE_URL for the locks). */
export const configuredMediaUploads = (deps: Pick<Deps, 'db' | 'env' | 'now' | 'logger'>) =>
  mediaUploads({
    db: deps.db,
    dataDir: deps.env.dataDir,
    limits: mediaLimits(deps.env),
    quota: uploadQuota(deps.env),
    now: deps.now,
    s3: s3Config(deps.env),
    databaseUrl: deps.env.DATABASE_URL,
    onLockError: (error) => deps.logger.warn({ err: error }, 'tus upload locks: the PostgreSQL connection was lost'),
  });
