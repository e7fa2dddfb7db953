import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
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
const boxes = new Map<string, SecretBox>();

/**
 * The key comes from DATA_ENCRYPTION_KEY (any long random string; required when several servers
 * share a database), else from a random key file created once in DATA_DIR.
 */
export function secretBox(env: Pick<Env, 'dataDir'> & { DATA_ENCRYPTION_KEY?: string }): SecretBox {
  const cacheKey = env.DATA_ENCRYPTION_KEY ? `env:${createHash('sha256').update(env.DATA_ENCRYPTION_KEY).digest('hex')}` : `file:${env.dataDir}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = createSecretBox(env.DATA_ENCRYPTION_KEY || loadOrCreateKeyFile(env.dataDir, KEY_FILE));
    boxes.set(cacheKey, box);
  }
  return box;
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
