import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { posTokenBox } from '../../server/features/pos/pos-config.ts';
import { parseEnv } from '../../server/env.ts';
import { createSecretBox, secretBox } from '../../server/lib/secret-box.ts';
import { createLogger } from '../../server/lib/logger.ts';

const KEY = 'k'.repeat(40);
const OLD_POS_KEY = Buffer.alloc(32, 9).toString('base64');
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-box-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('one secret box for every token kept at rest', () => {
  it('seals with DATA_ENCRYPTION_KEY, bound to its context', () => {
    const box = secretBox({ dataDir: dataDir(), DATA_ENCRYPTION_KEY: KEY });
    const sealed = box.seal('token-1', 'pos:u1:square:access');
    expect(sealed).not.toContain('token-1');
    expect(createSecretBox(KEY).open(sealed, 'pos:u1:square:access')).toBe('token-1');
    expect(() => box.open(sealed, 'pos:u2:square:access')).toThrow();
  });

  it('still opens what was sealed before the keys were one: POS_TOKEN_KEY, pos-token.key and secret-box.key', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'pos-token.key'), 'generated-pos-key');
    fs.writeFileSync(path.join(dir, 'secret-box.key'), 'generated-tiktok-key');
    const box = secretBox({ dataDir: dir, DATA_ENCRYPTION_KEY: KEY, POS_TOKEN_KEY: OLD_POS_KEY });
    expect(box.open(createSecretBox(OLD_POS_KEY).seal('from POS_TOKEN_KEY', 'c'), 'c')).toBe('from POS_TOKEN_KEY');
    expect(box.open(createSecretBox('generated-pos-key').seal('from pos-token.key', 'c'), 'c')).toBe('from pos-token.key');
    expect(box.open(createSecretBox('generated-tiktok-key').seal('from secret-box.key', 'c'), 'c')).toBe('from secret-box.key');
    // New seals use the current key only.
    expect(createSecretBox(KEY).open(box.seal('new', 'c'), 'c')).toBe('new');
    expect(() => box.open(createSecretBox('some other key').seal('x', 'c'), 'c')).toThrow();
  });

  it('without a chosen key it uses one generated file in DATA_DIR, the same across restarts', () => {
    const dir = dataDir();
    const sealed = secretBox({ dataDir: dir }).seal('kept', 'c');
    const key = fs.readFileSync(path.join(dir, 'secret-box.key'), 'utf8');
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(createSecretBox(key).open(sealed, 'c')).toBe('kept');
  });

  it('in production, POS tokens are sealed only with a key the operator chose', () => {
    const logger = createLogger('silent');
    expect(posTokenBox({ ...parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir() }) }, logger)).toBeNull();
    // The older POS-only key still counts as chosen, and is what seals: no key file is made.
    const dir = dataDir();
    const box = posTokenBox(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, POS_TOKEN_KEY: OLD_POS_KEY }), logger);
    expect(createSecretBox(OLD_POS_KEY).open(box!.seal('t', 'c'), 'c')).toBe('t');
    expect(fs.existsSync(path.join(dir, 'secret-box.key'))).toBe(false);
  });

  it('refuses a DATA_ENCRYPTION_KEY too short to be a key, naming it', () => {
    expect(() => parseEnv({ DATA_ENCRYPTION_KEY: 'secret' })).toThrow(/DATA_ENCRYPTION_KEY: DATA_ENCRYPTION_KEY must be at least 32 characters/);
  });
});
