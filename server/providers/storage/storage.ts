import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in an HTTP Range header). `end` omitted means "to the end". */
export type ByteRange = { start: number; end?: number };

type StoredObject = {
  body: Readable;
  /** Size of the whole object, whatever range was asked for. */
  size: number;
  contentType: string;
  /** The range actually returned (clamped to the object), when one was asked for. */
  range?: { start: number; end: number };
};

/**
 * Where uploaded bytes live. Kept small and stream-friendly so an S3 implementation (media issue)
 * can sit behind the same three calls. Keys are relative paths like `avatars/abc.webp`.
 */
export type Storage = {
  kind: 'local' | 's3';
  /**
   * Streams `body` to the store. `size` (when the caller knows it) lets S3 stream without
   * buffering; without it the S3 store spools to a temp file first.
   */
  put: (key: string, body: Buffer | Readable, contentType: string, size?: number) => Promise<{ size: number }>;
  /** null when nothing is stored under `key`. */
  get: (key: string, range?: ByteRange) => Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys come from our own code, but a bad one must never escape the storage root. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
