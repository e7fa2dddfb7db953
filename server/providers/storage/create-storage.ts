import path from 'node:path';
import type { Env } from '../../env.ts';
import { localDiskStorage } from './local-disk.ts';
import { s3Storage, type S3Config } from './s3.ts';
import type { Storage } from './storage.ts';

type StorageEnv = Pick<Env, 'dataDir'> &
  Partial<Pick<Env, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>>;

/** The S3-compatible store's settings when S3_BUCKET is set (media, and resumable uploads in progress). */
export function s3Config(env: StorageEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? '',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: ['1', 'true'].includes(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

/** The one place the storage backend is chosen: any S3-compatible store when S3_BUCKET is set, else DATA_DIR/media. */
export function createStorage(env: StorageEnv): Storage {
  const s3 = s3Config(env);
  return s3 ? s3Storage(s3) : localDiskStorage(path.join(env.dataDir, 'media'));
}
