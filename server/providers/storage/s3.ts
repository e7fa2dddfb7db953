import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './storage.ts';

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** The S3 client settings of the media store, shared with the resumable uploads' store (media.tus.ts). */
export const s3ClientConfig = (config: S3Config) => ({
  region: config.region || 'us-east-1',
  endpoint: config.endpoint || undefined,
  forcePathStyle: config.forcePathStyle,
  credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  requestChecksumCalculation: 'WHEN_REQUIRED' as const,
  responseChecksumValidation: 'WHEN_REQUIRED' as const,
});

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, Ceph...). Bodies are streamed in both directions;
 * checksums are only sent when an operation requires them, which keeps plain streaming PUTs
 * working against stores that do not understand the newer aws-chunked trailers.
 */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;

  async function putKnown(key: string, body: Buffer | Readable, contentType: string, size: number) {
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
    return { size };
  }

  return {
    kind: 's3',

    async put(key, body, contentType, size) {
      assertStorageKey(key);
      if (Buffer.isBuffer(body)) return putKnown(key, body, contentType, body.length);
      if (size !== undefined) return putKnown(key, body, contentType, size);
      // PutObject needs a length: spool an unknown-length stream to disk rather than to memory.
      const temp = path.join(os.tmpdir(), `mise-s3-${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(body, fs.createWriteStream(temp));
        const stat = await fsp.stat(temp);
        return await putKnown(key, fs.createReadStream(temp), contentType, stat.size);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },

    async get(key, range) {
      assertStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
        );
        const body = answer.Body as Readable;
        const contentType = answer.ContentType ?? 'application/octet-stream';
        // Content-Range: bytes start-end/size
        const match = /bytes (\d+)-(\d+)\/(\d+)/.exec(answer.ContentRange ?? '');
        if (range && match) {
          return { body, contentType, size: Number(match[3]), range: { start: Number(match[1]), end: Number(match[2]) } };
        }
        return { body, contentType, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (missing(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}

