import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type Storage } from './storage.ts';

// Content types live beside the bytes in a sidecar folder, so `get` can answer without guessing from names.
const META_DIR = '.meta';

/** The embedded default: files under `root` (DATA_DIR/media). Writes go to a temp file and are renamed, so a reader never sees half a file. */
export function localDiskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  // Key segments never start with '.', so the sidecar folder cannot clash with a key.
  const metaOf = (key: string) => `${path.join(root, META_DIR, ...key.split('/'))}.json`;

  return {
    kind: 'local',

    async put(key, body, contentType) {
      assertStorageKey(key);
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.mkdir(path.dirname(metaOf(key)), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
        await fsp.writeFile(metaOf(key), JSON.stringify({ contentType }));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      const { size } = await fsp.stat(file);
      return { size };
    },

    async get(key, range) {
      assertStorageKey(key);
      const file = fileOf(key);
      let size: number;
      try {
        const stat = await fsp.stat(file);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch {
        return null;
      }
      const meta = await fsp.readFile(metaOf(key), 'utf8').then(
        (text) => JSON.parse(text) as { contentType?: string },
        () => ({ contentType: undefined }),
      );
      const contentType = meta.contentType ?? 'application/octet-stream';
      if (!range) return { body: fs.createReadStream(file), size, contentType };
      const start = Math.min(Math.max(0, range.start), Math.max(0, size - 1));
      const end = Math.min(range.end ?? size - 1, size - 1);
      return { body: fs.createReadStream(file, { start, end }), size, contentType, range: { start, end } };
    },

    async delete(key) {
      assertStorageKey(key);
      await fsp.rm(fileOf(key), { force: true });
      await fsp.rm(metaOf(key), { force: true });
    },
  };
}
