import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AppError } from '../../lib/app-error.ts';

type ReceivedFile = { path: string; filename: string; mimeType: string; size: number };
export type ReceivedForm = { fields: Record<string, string>; file: ReceivedFile | null };

/**
 * Reads a multipart body as a stream (Hono's parseBody would hold it whole in memory): text
 * fields are collected, the one `file` part is written straight to a temp file, and the upload
 * stops with 413 as soon as it passes `maxFileBytes`.
 */
export type MultipartOptions = {
  tmpDir: string;
  maxFileBytes: number;
  tooLarge: () => AppError;
  /**
   * Looks at the file's first `headBytes` bytes (or all of a smaller file) before anything is written:
   * throws to refuse it, or returns the most bytes a file of that kind may have.
   */
  inspect?: (head: Buffer) => Promise<number>;
  headBytes?: number;
};

export async function receiveMultipart(c: Context, options: MultipartOptions): Promise<ReceivedForm> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new AppError(415, 'Send the media as multipart/form-data', 'unsupported_media_type');
  }
  const declaredLength = Number(c.req.header('content-length') ?? 0);
  if (declaredLength > options.maxFileBytes + 1024 * 1024) throw options.tooLarge();

  // The Idempotency-Key middleware may already have read the body to hash it; then it is cached.
  const cached = c.req.bodyCache.arrayBuffer;
  const source = cached
    ? Readable.from([Buffer.from(await cached)])
    : c.req.raw.body
      ? Readable.fromWeb(c.req.raw.body as unknown as WebReadableStream)
      : Readable.from([]);

  await fsp.mkdir(options.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let writing: Promise<void> | null = null;
  let overLimit = false;
  let refused: unknown = null;

  const parser = busboy({
    headers: { 'content-type': contentType },
    limits: { files: 1, fields: 30, fieldSize: 64 * 1024, fileSize: options.maxFileBytes },
  });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || file) {
      stream.resume();
      return;
    }
    const target = path.join(options.tmpDir, `upload-${randomBytes(8).toString('hex')}`);
    const received: ReceivedFile = { path: target, filename: info.filename ?? 'file', mimeType: info.mimeType ?? '', size: 0 };
    file = received;
    stream.on('data', (chunk: Buffer) => {
      received.size += chunk.length;
    });
    stream.on('limit', () => {
      overLimit = true;
    });
    // The head is held in memory and inspected before the first byte reaches the disk; then the
    // limit of the file's kind (an image's is far below a video's) applies to the rest.
    const headBytes = options.headBytes ?? 4100;
    let head: Buffer[] = [];
    let headLength = 0;
    let decided = !options.inspect;
    let limit = options.maxFileBytes;
    let seen = 0;
    const refuse = (error: unknown, callback: (error?: Error | null) => void) => {
      refused = error;
      source.destroy(error as Error);
      callback(error as Error);
    };
    const decide = (callback: (error?: Error | null, data?: Buffer) => void) => {
      decided = true;
      const bytes = Buffer.concat(head);
      head = [];
      options.inspect!(bytes).then(
        (max) => {
          limit = Math.min(limit, max);
          if (seen > limit) return refuse(options.tooLarge(), callback);
          callback(null, bytes);
        },
        (error: unknown) => refuse(error, callback),
      );
    };
    const gate = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (decided) {
          if (seen > limit) return refuse(options.tooLarge(), callback);
          return callback(null, chunk);
        }
        head.push(chunk);
        headLength += chunk.length;
        if (headLength < headBytes) return callback();
        decide(callback);
      },
      flush(callback) {
        if (!decided) decide(callback);
        else callback();
      },
    });
    writing = pipeline(stream, gate, fs.createWriteStream(target));
    // Awaited below; a refusal also ends the body's pipeline, which is what answers.
    writing.catch(() => undefined);
  });

  try {
    await pipeline(source, parser);
    await writing;
  } catch (error) {
    if (file) await fsp.rm((file as ReceivedFile).path, { force: true });
    if (refused) throw refused;
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'The form data could not be read', 'validation');
  }
  if (overLimit && file) {
    await fsp.rm((file as ReceivedFile).path, { force: true });
    throw options.tooLarge();
  }
  return { fields, file };
}
