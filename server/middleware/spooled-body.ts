import type { createHash} from 'node:crypto';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * Streams a multipart body to a temporary file while hashing it, so an upload of any size is hashed
 * without being held in memory. The boundary is replaced by a fixed token before hashing: the client
 * picks a new one each time it rebuilds the FormData, while the parts stay byte for byte the same.
 */
export async function spoolMultipart(body: ReadableStream<Uint8Array>, boundary: string, hash: ReturnType<typeof createHash>) {
  const file = path.join(os.tmpdir(), `mise-spool-${randomUUID()}`);
  const out = fs.createWriteStream(file);
  const needle = Buffer.from(boundary);
  const token = Buffer.from('mise-boundary');
  let carry = Buffer.alloc(0);
  try {
    for await (const chunk of Readable.fromWeb(body as unknown as WebReadableStream)) {
      const bytes = chunk as Buffer;
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
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
