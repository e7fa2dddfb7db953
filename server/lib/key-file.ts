import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret kept in a file under DATA_DIR, created once with 32 random bytes when it is missing. The
 * embedded default for keys that an operator should set in the environment when several servers run.
 */
export function loadOrCreateKeyFile(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    try {
      // 'wx': if another process wrote it first, use theirs.
      fs.writeFileSync(file, key, { flag: 'wx', mode: 0o600 });
      return key;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
