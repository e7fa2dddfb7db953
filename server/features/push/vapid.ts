import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../../env.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const cache = new Map<string, VapidKeys>();

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a pair generated into DATA_DIR/vapid.json
 * on first use (kept: a new pair would orphan every subscription). The subject is a mailto: of MAIL_FROM's address
 * unless VAPID_SUBJECT says otherwise (push services contact it about abuse).
 */
export function vapidKeys(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'dataDir'>): VapidKeys {
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  const subject = env.VAPID_SUBJECT || `mailto:${address}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const cached = cache.get(env.dataDir);
  if (cached) return { ...cached, subject };
  const file = path.join(env.dataDir, 'vapid.json');
  let keys: { publicKey: string; privateKey: string };
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof keys;
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const fresh = webpush.generateVAPIDKeys();
    try {
      // 'wx': if another process wrote it first, use theirs.
      fs.writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
      keys = fresh;
    } catch {
      keys = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof keys;
    }
  }
  const result = { ...keys, subject };
  cache.set(env.dataDir, result);
  return result;
}
