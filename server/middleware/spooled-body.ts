import type { createHash} from 'node:crypto';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../lib/app-error.ts';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * Streams a multipart body to a temporary file while hashing it, so an upload of any size is hashed
 * without being held in memory. The boundary is replaced by a fixed token before hashing: the client
 * picks a new one each time it rebuilds the FormData, while the parts stay byte for byte the same.
 */
export type SpoolOptions = {
  /** The most bytes the body may have: 413 past it, before more is written. */
  maxBytes: number;
  /**
   * Sees the first `headBytes` bytes of the `file` part before anything is written (the head of the body
   * is held in memory until then, at most HOLD_MAX bytes); throws to refuse the upload.
   */
  inspectFile?: (head: Buffer) => Promise<{ maxBytes: number; tooLarge: () => Error } | void>;
  headBytes?: number;
};

// How much of a body is held back, at most, while looking for the file part's first bytes.
const HOLD_MAX = 1024 * 1024;
const FILE_PART = /Content-Disposition:[^\r\n]*\bname="file"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/i;

export async function spoolMultipart(body: ReadableStream<Uint8Array>, boundary: string, hash: ReturnType<typeof createHash>, options: SpoolOptions) {
  const file = path.join(os.tmpdir(), `mise-spool-${randomUUID()}`);
  const out = fs.createWriteStream(file);
  const needle = Buffer.from(boundary);
  const token = Buffer.from('mise-boundary');
  let carry = Buffer.alloc(0);
  const headBytes = options.headBytes ?? 4100;
  let held: Buffer[] | null = options.inspectFile ? [] : null;
  let total = 0;
  let maxBytes = options.maxBytes;
  let tooLarge: () => Error = () => new AppError(413, 'The request is too large', 'payload_too_large');
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  /** Inspects the file part's head when it is in what is held (or at the end); then writes what was held. */
  const release = async (ended: boolean) => {
    if (!held) return;
    const prefix = Buffer.concat(held);
    const match = FILE_PART.exec(prefix.toString('latin1'));
    const start = match ? match.index + match[0].length : -1;
    const ready = start !== -1 && (prefix.length - start >= headBytes || ended);
    if (!ready && !ended && prefix.length < HOLD_MAX + headBytes) return;
    held = null;
    if (start !== -1) {
      const verdict = await options.inspectFile!(prefix.subarray(start, start + headBytes));
      // The file's own limit from now on (the form's fields and part headers around it need a little more).
      if (verdict && verdict.maxBytes + start < maxBytes) {
        maxBytes = verdict.maxBytes + start + 64 * 1024;
        tooLarge = verdict.tooLarge;
      }
      if (total > maxBytes) throw tooLarge();
    }
    await write(prefix);
  };
  try {
    for await (const chunk of Readable.fromWeb(body as unknown as WebReadableStream)) {
      const bytes = chunk as Buffer;
      total += bytes.length;
      if (total > maxBytes) throw tooLarge();
      if (held) {
        held.push(bytes);
        await release(false);
      } else await write(bytes);
      // Hash everything but the last (boundary length - 1) bytes, which may start a boundary split across chunks.
      let window = Buffer.concat([carry, bytes]);
      let at = window.indexOf(needle);
      while (at !== -1) {
        hash.update(window.subarray(0, at));
        hash.update(token);
        window = window.subarray(at + needle.length);
        at = window.indexOf(needle);
      }
      const keep = Math.min(window.length, needle.length - 1);
      hash.update(window.subarray(0, window.length - keep));
      carry = Buffer.from(window.subarray(window.length - keep));
    }
    hash.update(carry);
    await release(true);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } catch (error) {
    out.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
  return {
    /** A fresh stream of the same bytes for the route to read. */
    stream: () => Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
    remove: () => fs.promises.rm(file, { force: true }),
  };
}
