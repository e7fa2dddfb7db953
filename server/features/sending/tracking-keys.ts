import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env.ts';
import { loadOrCreateKeyFile } from '../../lib/key-file.ts';

/**
 * Unforgeable tokens for one ledger row (send × customer), carried by the unsubscribe link, the open pixel,
 * click links and the VERP bounce address; and signatures of click targets, so a link cannot be turned into
 * an open redirect. TRACKING_KEY (or a key generated into DATA_DIR) signs them.
 */
export type TrackingKeys = {
  token: (sendId: string, customerId: string) => string;
  read: (token: string) => { sendId: string; customerId: string } | null;
  signTarget: (token: string, url: string) => string;
  checkTarget: (token: string, url: string, signature: string) => boolean;
};

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;

export function trackingKeys(env: Pick<Env, 'TRACKING_KEY' | 'dataDir'>): TrackingKeys {
  const key = env.TRACKING_KEY || loadOrCreateKeyFile(env.dataDir, 'tracking.key');
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}:${value}`).digest().subarray(0, 16).toString('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    token(sendId, customerId) {
      const ids = Buffer.concat([uuidBytes(sendId), uuidBytes(customerId)]).toString('base64url');
      return `${ids}.${mac('row', ids)}`;
    },
    read(token) {
      const match = TOKEN.exec(token);
      if (!match || !same(match[2]!, mac('row', match[1]!))) return null;
      const bytes = Buffer.from(match[1]!, 'base64url');
      if (bytes.length !== 32) return null;
      return { sendId: uuidOf(bytes.subarray(0, 16)), customerId: uuidOf(bytes.subarray(16)) };
    },
    signTarget: (token, url) => mac('click', `${token}|${url}`),
    checkTarget: (token, url, signature) => same(signature, mac('click', `${token}|${url}`)),
  };
}
