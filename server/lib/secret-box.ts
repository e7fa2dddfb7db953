import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';
import { loadOrCreateKeyFile } from './key-file.ts';

/**
 * AES-256-GCM for secrets we must keep but never show (OAuth tokens). Sealed text is
 * `v1.<iv>.<ciphertext+tag>` in base64url. `context` (e.g. `tiktok:<userId>`) is bound as
 * associated data, so a sealed value copied to another row or purpose does not open.
 */
export type SecretBox = {
  seal: (plaintext: string, context: string) => string;
  open: (sealed: string, context: string) => string;
};

const KEY_FILE = 'secret-box.key';
/** Where Square and Clover tokens were sealed before they shared this box (a generated POS_TOKEN_KEY). */
const LEGACY_POS_KEY_FILE = 'pos-token.key';
const boxes = new Map<string, SecretBox>();

export type SecretBoxEnv = Pick<Env, 'dataDir'> & { DATA_ENCRYPTION_KEY?: string; POS_TOKEN_KEY?: string };

/** Whether the operator chose the key (production refuses to seal POS tokens with a generated one). */
export const hasConfiguredKey = (env: SecretBoxEnv) => Boolean(env.DATA_ENCRYPTION_KEY || env.POS_TOKEN_KEY);

/**
 * The one box for every secret kept at rest (POS and TikTok tokens). It seals with DATA_ENCRYPTION_KEY (any long
 * random string; required when several servers share a database), else with POS_TOKEN_KEY (the older POS-only
 * key), else with a random key file created once in DATA_DIR. It opens with any of those still present, and with
 * the `pos-token.key` file from before the keys were one: tokens stored then keep working, and are sealed with
 * the current key when they are next refreshed.
 */
export function secretBox(env: SecretBoxEnv): SecretBox {
  const fingerprint = (value: string | undefined) => (value ? createHash('sha256').update(value).digest('hex') : '');
  const cacheKey = `${fingerprint(env.DATA_ENCRYPTION_KEY)}:${fingerprint(env.POS_TOKEN_KEY)}:${env.dataDir}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    // A chosen key always seals; a generated file only when none was chosen.
    const primary = env.DATA_ENCRYPTION_KEY || env.POS_TOKEN_KEY || loadOrCreateKeyFile(env.dataDir, KEY_FILE);
    const keys = [env.DATA_ENCRYPTION_KEY, env.POS_TOKEN_KEY, readKeyFile(env.dataDir, KEY_FILE), readKeyFile(env.dataDir, LEGACY_POS_KEY_FILE)].filter(
      (key): key is string => Boolean(key),
    );
    box = keyring([...new Set([primary, ...keys])].map(createSecretBox));
    boxes.set(cacheKey, box);
  }
  return box;
}

function readKeyFile(dataDir: string, fileName: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, fileName), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Seals with the first box; opens with the first that can (AES-GCM refuses a wrong key, it never misreads). */
function keyring([primary, ...older]: SecretBox[]): SecretBox {
  return {
    seal: (plaintext, context) => primary!.seal(plaintext, context),
    open(sealed, context) {
      try {
        return primary!.open(sealed, context);
      } catch (error) {
        for (const box of older) {
          try {
            return box.open(sealed, context);
          } catch {
            // not this one
          }
        }
        throw error;
      }
    },
  };
}

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mise', 'secret-box v1', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== 'v1' || !ivText || !bodyText) throw new Error('Not a sealed value');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
